import { useId } from 'react';
import { Form, FormDataConsumer, required, SelectInput, useDataProvider, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Alert, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { EVERY_ROW, useRoleLabel } from '@/src/common/roles/useRoles';
import { FormDialogActions } from '@/src/common/FormDialogActions';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import type { FlockDataProvider } from '@/src/dataProvider';
import { PermissionMatrixInput, type PlatformModule } from './PermissionMatrix';
import type { RoleRecord } from '@/domain/common/records';
import type { PickedUser } from './UserPicker';
import type { FieldValues } from 'react-hook-form';

/** firsttimers is a role that cannot be assigned. */
const UNASSIGNABLE = 'firsttimers';

/** The extra permissions, with what the picked role grants already ticked and fixed. */
function ExtraPermissions({ roleId, modules }: { roleId?: string; modules: PlatformModule[] }) {
  const { data } = useGetOne<{ id: string; permissions: Array<{ permission: string }> }>(
    'rolePermissions',
    { id: roleId ?? '' },
    { enabled: !!roleId },
  );
  return <PermissionMatrixInput source="permissions" modules={modules} granted={data?.permissions.map((p) => p.permission)} />;
}

/** Gives the user a platform role and, under it, extra permissions beyond the role's own (AssignPermissions). */
export function AssignRoleDialog({ user, onClose }: { user: PickedUser; onClose: () => void }) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { data: roles = [] } = useGetList<RoleRecord>('roles', EVERY_ROW);
  const { data: modules = [] } = useGetList<PlatformModule & { id: string }>('permissionModules', EVERY_ROW);
  const { error, submit } = useCallAndClose(onClose);
  const titleId = useId();
  const choices = roles.filter((role) => role.name !== UNASSIGNABLE).map((role) => ({ id: role.id, name: roleLabel(role.name) }));

  const assign = (values: FieldValues) =>
    submit(() => dataProvider.assignPermissions({ userId: user.id, roleId: values.roleId, permissions: values.permissions }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <Form onSubmit={assign} defaultValues={{ permissions: [] }} noValidate>
        <DialogTitle id={titleId}>{translate('flock.people.grants.assign_title', { name: user.fullName })}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('flock.people.grants.assign_intro')} {translate('flock.people.takes_effect')}
          </DialogContentText>
          <SelectInput source="roleId" label="flock.people.grants.role" choices={choices} translateChoice={false} validate={required()} />
          <FormDataConsumer>{({ formData }) => <ExtraPermissions roleId={formData.roleId} modules={modules} />}</FormDataConsumer>
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <FormDialogActions onClose={onClose} label="flock.people.grants.assign" />
      </Form>
    </Dialog>
  );
}
