import { useState } from 'react';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ConfirmCallButton, useConfirmCall } from '@/src/common/ConfirmCallButton';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import type { FlockDataProvider } from '@/src/dataProvider';
import { AssignRoleDialog } from './AssignRoleDialog';
import { UserPicker, type PickedUser } from './UserPicker';
import { useAllows } from '@/src/authProvider/useAllows';

type HeldRole = { id: string; name: string; extraPermissions: string[] };
type Effective = { accessRight: string; moduleName: string; permission: string };
/** GetUserRoles: the user's platform roles with the extras held under each, CIH role and effective permissions. */
type UserGrants = { id: string; roles: HeldRole[]; cihRole: string | null; permissions: Effective[] };

type Grant = { user: PickedUser; role: HeldRole };

/** One extra permission held under a role; deleting it asks first (RemovePermission with Permission). */
function ExtraChip({ user, role, permission, removable }: Grant & { permission: string; removable: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { ask, dialog } = useConfirmCall({
    title: translate('flock.people.grants.remove_extra_title', { permission, name: user.fullName }),
    content: translate('flock.people.takes_effect'),
    call: () => dataProvider.removePermission({ userId: user.id, roleId: role.id, permission }),
  });
  return (
    <>
      <Chip size="small" label={permission} onDelete={removable ? ask : undefined} />
      {dialog}
    </>
  );
}

function RoleRow({ user, role, canAssign }: Grant & { canAssign: boolean }) {
  const roleLabel = useRoleLabel();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const name = roleLabel(role.name);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {role.extraPermissions.map((permission) => (
            <ExtraChip key={permission} user={user} role={role} permission={permission} removable={canAssign} />
          ))}
        </Box>
      </TableCell>
      <TableCell align="right">
        {canAssign && (
          <ConfirmCallButton
            action="flock.people.grants.remove_role"
            args={{ role: name, name: user.fullName }}
            call={() => dataProvider.removePermission({ userId: user.id, roleId: role.id })}
            color="error"
          />
        )}
      </TableCell>
    </TableRow>
  );
}

/** The effective permissions by module: what the user's next call is allowed. */
function EffectivePermissions({ permissions }: { permissions: Effective[] }) {
  const translate = useTranslate();
  const modules = [...new Set(permissions.map((p) => p.moduleName))];
  if (modules.length === 0) return <Typography color="text.secondary">{translate('flock.people.grants.no_permissions')}</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {modules.map((module) => (
        <Box key={module} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {translate(`flock.people.matrix.modules.${module}`, { _: module })}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {permissions
              .filter((p) => p.moduleName === module)
              .map((p) => (
                <Chip
                  key={p.permission}
                  size="small"
                  variant="outlined"
                  label={translate(`flock.people.matrix.rights.${p.accessRight}`, { _: p.accessRight })}
                />
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The picked user's roles, CIH role and effective permissions, with role assignment and removal. */
function UserGrantsCard({ user }: { user: PickedUser }) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const canAssign = useAllows('roles', 'assign');
  const [assigning, setAssigning] = useState(false);
  const { data, isPending, error } = useGetOne<UserGrants>('userRoles', { id: user.id });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (isPending || !data?.roles) return <CircularProgress aria-label={translate('flock.loading')} />;
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography component="h2" variant="h6">
            {translate('flock.people.grants.roles_of', { name: user.fullName })}
          </Typography>
          {canAssign && (
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAssigning(true)}>
              {translate('flock.people.grants.assign_role')}
            </Button>
          )}
        </Box>
        <Table size="small" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('flock.people.grants.role')}</TableCell>
              <TableCell>{translate('flock.people.grants.extras')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.roles.map((role) => (
              <RoleRow key={role.id} user={user} role={role} canAssign={canAssign} />
            ))}
          </TableBody>
        </Table>
        <Typography sx={{ mb: 2 }}>
          {translate('flock.people.grants.cih_role', {
            role: data.cihRole ? roleLabel(data.cihRole) : translate('flock.people.cih_role.none'),
          })}
        </Typography>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {translate('flock.people.grants.effective')}
        </Typography>
        <EffectivePermissions permissions={data.permissions} />
      </CardContent>
      {assigning && <AssignRoleDialog user={user} onClose={() => setAssigning(false)} />}
    </Card>
  );
}

/** "People's roles": pick a user, then see and change what they hold. */
export function UserAccess() {
  const translate = useTranslate();
  const [user, setUser] = useState<PickedUser | null>(null);
  return (
    <Box sx={{ mt: 2 }}>
      <UserPicker value={user} onChange={setUser} />
      {user ? <UserGrantsCard user={user} /> : <Typography color="text.secondary">{translate('flock.people.grants.pick')}</Typography>}
    </Box>
  );
}
