import { useId } from 'react';
import { CreateBase, Form, SelectInput, TextInput, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { createAdminSchema } from '@/domain/people/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';
import { FormDialogActions } from '@/src/common/FormDialogActions';
import { useAssignableRoles, useRoleLabel } from '@/src/common/roles/useRoles';
import { LANGUAGES } from '@/domain/common/languages';
import { screenLanguage } from '@/src/i18n/formats';

const resolver = schemaResolver(createAdminSchema);

/**
 * CreateAdmin: an administrator (or a user in another platform role) with the form the server
 * validates with; the server mails the new user a code and a link to set their password.
 */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const roleLabel = useRoleLabel();
  const titleId = useId();
  const { data: roles = [] } = useAssignableRoles();
  const created = (user: RaRecord) => {
    notify('flock.people.users.created', { type: 'success', messageArgs: { email: user.email } });
    refresh();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <CreateBase resource="users" redirect={false} mutationOptions={{ onSuccess: created }}>
        {/* The new person's language (their welcome mail and screens): the administrator's own to begin with. */}
        <Form resolver={resolver} defaultValues={{ role: 'administrator', language: screenLanguage() }} noValidate>
          <DialogTitle id={titleId}>{translate('flock.people.users.create_title')}</DialogTitle>
          <DialogContent dividers>
            <DialogContentText sx={{ mb: 2 }}>{translate('flock.people.users.create_intro')}</DialogContentText>
            <TextInput source="firstName" label="flock.fields.first_name" isRequired />
            <TextInput source="surName" label="flock.fields.sur_name" isRequired />
            <TextInput source="email" label="flock.fields.email" type="email" isRequired />
            <TextInput source="mobile1" label="flock.fields.mobile1" isRequired />
            <SelectInput
              source="role"
              label="flock.people.users.role"
              choices={roles.map((role) => ({ id: role.name, name: roleLabel(role.name) }))}
              translateChoice={false}
              isRequired
            />
            {/* each language named in its own words, as every language picker does */}
            <SelectInput
              source="language"
              label="flock.people.users.language"
              choices={LANGUAGES.map(({ code, name }) => ({ id: code, name }))}
              translateChoice={false}
              helperText="flock.people.users.language_help"
            />
          </DialogContent>
          <FormDialogActions onClose={onClose} label="flock.people.users.create" />
        </Form>
      </CreateBase>
    </Dialog>
  );
}
