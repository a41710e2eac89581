import { useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { readUser } from '@/src/authProvider/session';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useCallAndClose } from '@/src/common/useCallAndClose';
import { useCihRoles, useRoleLabel } from './useRoles';

export type CihRoleHolder = { id: string; fullName: string; cihRole?: string | null };

type Props = { user: CihRoleHolder; onClose: () => void };

/** The radio value that takes the CIH role away (AssignCIHRole with an empty cihRole). */
const NONE = '';

/**
 * An inspector gives a member a CIH role, or takes it away (AssignCIHRole); the inspector is
 * the signed-in user. For the user list and the profile.
 */
export function CihRoleDialog({ user, onClose }: Props) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { data: cihRoles = [] } = useCihRoles();
  const [cihRole, setCihRole] = useState(user.cihRole ?? NONE);
  const { loading, error, submit } = useCallAndClose(onClose);
  const titleId = useId();

  // The inspector who assigns is the signed-in user.
  const save = () => submit(() => dataProvider.assignCihRole({ userId: user.id, inspectorId: readUser()?.id ?? '', cihRole }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.people.cih_role.title', { name: user.fullName })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('flock.people.takes_effect')}</DialogContentText>
        <RadioGroup aria-labelledby={titleId} value={cihRole} onChange={(event) => setCihRole(event.target.value)}>
          {cihRoles.map((role) => (
            <FormControlLabel key={role.id} value={role.name} control={<Radio />} label={roleLabel(role.name)} />
          ))}
          <FormControlLabel value={NONE} control={<Radio />} label={translate('flock.people.cih_role.none')} />
        </RadioGroup>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.crud.cancel')}</Button>
        <Button variant="contained" loading={loading} disabled={cihRole === (user.cihRole ?? NONE)} onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
