import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Box, Chip } from '@mui/material';
import { useAssignableRoles, useCihRoles, useRoleLabel } from '@/src/common/roles/useRoles';
import { AddButton, PageHeader, TableList, type ColumnDef } from '@/src/common/crud';
import { MEMBER_SORTS } from '@/src/common/MemberTable';
import { CreateUserDialog } from './CreateUserDialog';
import { placeFilters, selectFilter } from '@/src/common/peopleFilters';
import { StatusButton, StatusChip, type UserRow } from './StatusButton';
import { UserRowMenu } from './UserRowMenu';
import { PeopleBulkActions } from './PeopleBulkActions';

const profilePath = (user: { id: string }) => `/profile/${user.id}`;

/** The user's platform roles, then their CIH role, as chips. */
function RoleChips() {
  const roleLabel = useRoleLabel();
  const user = useRecordContext<UserRow>();
  const names = [...(user?.roles ?? []), ...(user?.cihRole ? [user.cihRole] : [])];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={roleLabel(name)} />
      ))}
    </Box>
  );
}

const COLUMNS: ColumnDef[] = [
  { source: 'fullName', render: (user) => <Link to={profilePath(user)}>{user.fullName}</Link> },
  { source: 'email', sortable: true },
  { source: 'phoneNumber' },
  { source: 'roles', render: () => <RoleChips /> },
  { source: 'status', sortable: true, render: () => <StatusChip /> },
  { source: 'createdAt', kind: 'date', sortable: true },
];

function RowActions() {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
      <StatusButton />
      <UserRowMenu />
    </Box>
  );
}

/** Role, account state and first-timer-or-member, then where people belong. */
function useUserFilters() {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const { data: platformRoles = [] } = useAssignableRoles();
  const { data: cihRoles = [] } = useCihRoles();
  const roleNames = [...platformRoles, ...cihRoles].map((role) => role.name);
  return [
    selectFilter('role', roleNames, roleLabel),
    selectFilter('status', ['enabled', 'disabled'], (value) => translate(`flock.people.users.${value}`)),
    selectFilter('kind', ['firsttimer', 'member'], (value) => translate(`flock.people.users.${value}`)),
    ...placeFilters(),
  ];
}

/**
 * /users-management: every user not archived (GetAllUsers) with search, filters, sorts, paging
 * and CSV export; enable or disable, change the platform or CIH role, and add a user; act on a
 * selection (docs/decisions/0222).
 */
export function UserList() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader title={translate('flock.routes.users.title')} subtitle={translate('flock.people.users.intro')} />
      <TableList
        resource="users"
        columns={COLUMNS}
        filters={useUserFilters()}
        sortFields={[...MEMBER_SORTS, 'email', 'createdAt']}
        toolbar={<AddButton resource="users" onClick={() => setCreating(true)} />}
        rowActions={<RowActions />}
        bulkActions={<PeopleBulkActions selectAll="getMatchingUsers" />}
      />
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </>
  );
}
