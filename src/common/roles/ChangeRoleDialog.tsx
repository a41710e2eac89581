import { useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import { useAssignableRoles, useRoleLabel } from './useRoles';

export type RoleHolder = { id: string; fullName: string; roles?: string[] };

type Props = { user: RoleHolder; onClose: () => void };

/**
 * The 'Change Role' modal, for the user list and the profile: a platform role is chosen, then
 * confirmed with 'Are you sure you want to this role?' (ChangeUserRole). On success the toast
 * 'Role updated' and the lists refresh.
 */
export function ChangeRoleDialog({ user, onClose }: Props) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { data: roles = [], isPending } = useAssignableRoles();
  const [picked, setPicked] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { loading, error, submit } = useCallAndClose(onClose);
  const titleId = useId();
  const roleId = picked ?? roles.find((role) => user.roles?.includes(role.name))?.id ?? '';

  const change = async () => {
    const changed = await submit(() => dataProvider.changeUserRole({ userId: user.id, roleId }), 'flock.people.change_role.updated');
    if (!changed) setConfirming(false);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.people.change_role.title', { name: user.fullName })}</DialogTitle>
      <DialogContent>
        {isPending && <CircularProgress aria-label={translate('flock.loading')} />}
        {confirming ? (
          <DialogContentText>{translate('flock.people.change_role.confirm')}</DialogContentText>
        ) : (
          <RadioGroup aria-labelledby={titleId} value={roleId} onChange={(event) => setPicked(event.target.value)}>
            {roles.map((role) => (
              <FormControlLabel key={role.id} value={role.id} control={<Radio />} label={roleLabel(role.name)} />
            ))}
          </RadioGroup>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)}>{translate('flock.crud.no')}</Button>
            <Button variant="contained" loading={loading} onClick={change}>
              {translate('flock.crud.yes')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
            <Button variant="contained" disabled={!roleId} onClick={() => setConfirming(true)}>
              {translate('flock.people.change_role.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
