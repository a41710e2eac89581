import { Form, PasswordInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { changePasswordInsideSchema } from '@/domain/auth/schemas';
import { replaceToken } from '@/src/authProvider/session';
import { withConfirmation } from '@/src/areas/auth/confirmPassword';
import { FormStatus } from '@/src/areas/auth/AuthCard';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { FieldValues } from 'react-hook-form';

const resolver = schemaResolver(withConfirmation(changePasswordInsideSchema));

/**
 * ChangePasswordCompleteInside from the user menu. The server revokes every older token and
 * answers a fresh one, which replaces the stored token so the session goes on.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const { loading, error, run } = useRemoteOperation();

  const submit = async (values: FieldValues) => {
    const { currentPassword, newPassword } = values;
    const outcome = await run(() => dataProvider.changePasswordInside<{ token: string }>({ currentPassword, newPassword }));
    if (!outcome.ok) return;
    replaceToken(outcome.result.data.token);
    if (outcome.result.message) notify(outcome.result.message, { type: 'success' });
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title" fullWidth maxWidth="xs">
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <DialogTitle id="change-password-title">{translate('flock.auth.change_password')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('flock.auth.change_password_intro')}</DialogContentText>
          <PasswordInput source="currentPassword" label="flock.fields.current_password" autoComplete="current-password" autoFocus />
          <PasswordInput source="newPassword" label="flock.fields.new_password" autoComplete="new-password" />
          <PasswordInput source="confirmPassword" label="flock.fields.confirm_password" autoComplete="new-password" />
          <FormStatus error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('flock.auth.cancel')}</Button>
          <Button type="submit" variant="contained" loading={loading}>
            {translate('flock.auth.save')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
