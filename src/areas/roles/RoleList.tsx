import { useState } from 'react';
import { DeleteButton, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box, Chip, IconButton, Tab, Tabs, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import { AddButton, PageHeader, TableList, type ColumnDef } from '@/src/common/crud';
import type { RoleRecord } from '@/domain/common/records';
import { RoleEditor } from './RoleEditor';
import { UserAccess } from './UserAccess';
import { useAllows } from '@/src/authProvider/useAllows';

/** The role's name, marked when it is built in (never deleted or renamed). */
function RoleName() {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const role = useRecordContext<RoleRecord>();
  if (!role) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {roleLabel(role.name)}
      {role.isSystem && <Chip size="small" variant="outlined" label={translate('flock.people.roles.built_in')} />}
    </Box>
  );
}

const COLUMNS: ColumnDef[] = [
  { source: 'name', sortable: true, render: () => <RoleName /> },
  { source: 'description' },
  { source: 'userCount', kind: 'number', sortable: true },
  { source: 'permissionCount', kind: 'number', sortable: true },
];

/** Edit and, for roles that are not built in, delete (the server refuses while users hold the role, and says so). */
function RowActions({ onEdit }: { onEdit: (role: RoleRecord) => void }) {
  const translate = useTranslate();
  const role = useRecordContext<RoleRecord>();
  const canEdit = useAllows('roles', 'edit');
  if (!role) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
      {canEdit && (
        <Tooltip title={translate('flock.crud.edit')}>
          <IconButton
            size="small"
            aria-label={translate('flock.people.roles.edit_title', { name: role.name })}
            onClick={() => onEdit(role)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!role.isSystem && (
        <DeleteButton
          mutationMode="pessimistic"
          redirect={false}
          successMessage="flock.crud.deleted"
          confirmTitle={translate('flock.crud.delete_title', { name: role.name })}
          confirmContent="flock.crud.delete_content"
        />
      )}
    </Box>
  );
}

type Editing = { role?: RoleRecord } | null;

function RolesTab() {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <TableList
        resource="roles"
        columns={COLUMNS}
        toolbar={<AddButton resource="roles" onClick={() => setEditing({})} />}
        rowActions={<RowActions onEdit={(role) => setEditing({ role })} />}
      />
      {editing && <RoleEditor role={editing.role} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * /roles-management: the platform roles with their user counts, edited on the permission
 * matrix; and a user's roles and effective permissions, where roles are given and taken.
 */
export function RoleList() {
  const translate = useTranslate();
  const [tab, setTab] = useState<'roles' | 'users'>('roles');
  return (
    <>
      <PageHeader title={translate('flock.routes.roles.title')} subtitle={translate('flock.people.roles.intro')} />
      <Alert severity="info">{translate('flock.people.takes_effect')}</Alert>
      <Tabs value={tab} onChange={(_event, next) => setTab(next)} sx={{ mt: 1 }}>
        <Tab value="roles" label={translate('flock.people.roles.tab')} />
        <Tab value="users" label={translate('flock.people.grants.tab')} />
      </Tabs>
      {tab === 'roles' ? <RolesTab /> : <UserAccess />}
    </>
  );
}
