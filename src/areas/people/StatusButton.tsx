import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { readUser } from '@/src/authProvider/session';
import { ConfirmCallButton } from '@/src/common/ConfirmCallButton';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useAllows } from '@/src/authProvider/useAllows';

export type UserRow = { id: string; fullName: string; email: string; disabled: boolean; roles?: string[]; cihRole?: string | null };

/** The account's state as a chip: a disabled user cannot log in. */
export function StatusChip() {
  const translate = useTranslate();
  const user = useRecordContext<UserRow>();
  if (!user) return null;
  return user.disabled ? (
    <Chip size="small" color="error" variant="outlined" label={translate('flock.people.users.disabled')} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={translate('flock.people.users.enabled')} />
  );
}

/**
 * Disable or enable the row's user after a confirmation (DisableUser / EnableUser). Not on
 * one's own row: the server refuses an administrator disabling themselves.
 */
export function StatusButton() {
  const user = useRecordContext<UserRow>();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const canAccess = useAllows('users', 'edit');
  if (!user || !canAccess || user.id === readUser()?.id) return null;
  const verb = user.disabled ? 'enable' : 'disable';
  const call = () => (user.disabled ? dataProvider.enableUser({ userId: user.id }) : dataProvider.disableUser({ userId: user.id }));
  return (
    <ConfirmCallButton
      action={`flock.people.users.${verb}`}
      args={{ name: user.fullName }}
      call={call}
      color={user.disabled ? 'success' : 'error'}
      icon={user.disabled ? <CheckCircleIcon /> : <BlockIcon />}
    />
  );
}
