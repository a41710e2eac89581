import { useId } from 'react';
import { Form, TextInput, useDataProvider, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { RoleRecord } from '@/domain/records';
import { createRoleSchema } from '@/domain/schemas/people';
import { schemaResolver } from '@/src/common/schemaResolver';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import { FormDialogActions } from '@/src/common/FormDialogActions';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import { PermissionMatrixInput, type PlatformModule } from './PermissionMatrix';
import type { FieldValues } from 'react-hook-form';

/** A platform role as GetPlatformRoles lists it. */

type RoleValues = { name: string; description?: string; permissions: string[] };

const resolver = schemaResolver(createRoleSchema);

/** The catalogue's modules, and the role's permissions when it exists; both before the form takes its values. */
function useEditorData(role?: RoleRecord) {
  const modules = useGetList<PlatformModule & { id: string }>('permissionModules', EVERY_ROW);
  const held = useGetOne<{ id: string; permissions: Array<{ permission: string }> }>(
    'rolePermissions',
    { id: role?.id ?? '' },
    { enabled: !!role },
  );
  const pending = modules.isPending || (!!role && held.isPending);
  const defaults: RoleValues = {
    name: role?.name ?? '',
    description: role?.description ?? '',
    permissions: held.data?.permissions.map((p) => p.permission) ?? [],
  };
  return { modules: modules.data ?? [], pending, error: modules.error ?? held.error, defaults };
}

/**
 * Create or edit a platform role: its name, its description and its permissions on the matrix.
 * The form validates with the server's schema. A change reaches the role's holders at their next call.
 */
export function RoleEditor({ role, onClose }: { role?: RoleRecord; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { modules, pending, error: loadError, defaults } = useEditorData(role);
  const { error, submit } = useCallAndClose(onClose);
  const titleId = useId();

  const save = async (values: FieldValues) => {
    const data = { name: values.name, description: values.description, permissions: values.permissions };
    const call = role
      ? () => dataProvider.update('roles', { id: role.id, data, previousData: role })
      : () => dataProvider.create('roles', { data });
    await submit(call, role ? 'flock.people.roles.updated' : 'flock.crud.created');
  };

  const title = role ? translate('flock.people.roles.edit_title', { name: role.name }) : translate('flock.people.roles.create_title');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {loadError && <Alert severity="error">{loadError.message}</Alert>}
      {pending ? (
        <CircularProgress aria-label={translate('flock.loading')} sx={{ m: 3 }} />
      ) : (
        <Form onSubmit={save} resolver={resolver} defaultValues={defaults} noValidate>
          <DialogContent dividers>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('flock.people.takes_effect')}
            </Alert>
            <TextInput
              source="name"
              label="resources.roles.fields.name"
              isRequired
              disabled={role?.isSystem}
              helperText={role?.isSystem ? 'flock.people.roles.built_in_name' : false}
            />
            <TextInput source="description" label="resources.roles.fields.description" multiline minRows={2} />
            <PermissionMatrixInput source="permissions" modules={modules} />
            {error && <Alert severity="error">{error}</Alert>}
          </DialogContent>
          <FormDialogActions onClose={onClose} />
        </Form>
      )}
    </Dialog>
  );
}
