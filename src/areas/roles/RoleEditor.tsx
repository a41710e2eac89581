import { useId, useState } from 'react';
import { Form, TextInput, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { RoleRecord } from '@/domain/common/records';
import { createRoleSchema } from '@/domain/roles/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import { FormDialogActions } from '@/src/common/FormDialogActions';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import { isStale, StaleRecordAlert } from '@/src/common/StaleRecordNotice';
import { PermissionMatrixInput, type PlatformModule } from './PermissionMatrix';

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

/** A role as GetRole answers it: the record with its permissions. */
type RoleDetail = RoleRecord & { permissions: Array<{ permission: string }> };

/**
 * The stale-save choice inside the form: Reload puts the role as it is now (name, description,
 * permissions) in place of what was typed, and the next save goes from that version.
 */
function StaleRoleChoice({ role, onReloaded, onKeep }: { role: RoleRecord; onReloaded: (fresh: RoleRecord) => void; onKeep: () => void }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { reset } = useFormContext();
  // A failed reload leaves the choice on screen, to try again.
  const reload = async () => {
    try {
      const { data } = await dataProvider.getOne<RoleDetail>('roles', { id: role.id });
      reset({ name: data.name, description: data.description ?? '', permissions: data.permissions.map((p) => p.permission) });
      onReloaded(data);
    } catch (caught) {
      notify((caught as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return <StaleRecordAlert onReload={() => void reload()} onKeep={onKeep} />;
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
  // The version the next save goes from: the list's row, or the role as Reload fetched it.
  const [loaded, setLoaded] = useState(role);
  // A stale save is said inside the dialog (a toast behind a modal is out of keyboard reach) until the user chooses.
  const [stale, setStale] = useState<'choosing' | 'chosen' | null>(null);

  const update = async (id: string, data: FieldValues) => {
    try {
      return await dataProvider.update('roles', { id, data, previousData: loaded });
    } catch (caught) {
      if (isStale(caught)) setStale('choosing');
      throw caught;
    }
  };
  const save = async (values: FieldValues) => {
    const data = { name: values.name, description: values.description, permissions: values.permissions };
    setStale(null);
    const call = role ? () => update(role.id, data) : () => dataProvider.create('roles', { data });
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
            {error && !stale && <Alert severity="error">{error}</Alert>}
            {role && stale === 'choosing' && (
              <StaleRoleChoice
                role={role}
                onReloaded={(fresh) => {
                  setLoaded(fresh);
                  setStale('chosen');
                }}
                onKeep={() => setStale('chosen')}
              />
            )}
          </DialogContent>
          <FormDialogActions onClose={onClose} />
        </Form>
      )}
    </Dialog>
  );
}
