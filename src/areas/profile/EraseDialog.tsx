import { useEffect, useId, useState } from 'react';
import { useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { P } from '@/domain/roles/permissions';
import { readPermissions } from '@/src/authProvider/session';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

type Scope = { fullName: string; email: string; removes: Record<string, number> };

/** The confirmation names the person and what goes, as the server counts it, before anything is erased. */
function EraseDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const api = useDataProvider<FlockDataProvider>();
  const titleId = useId();
  const scope = useRemoteOperation<CustomResult<Scope>>();
  const erasing = useRemoteOperation();
  const { run } = scope;
  useEffect(() => {
    run(() => api.getErasureScope<Scope>({ userId }));
  }, [api, run, userId]);
  const found = scope.success?.data;
  const erase = async () => {
    const outcome = await erasing.run(() => api.erasePerson({ userId }));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.stewardship.erased', { type: 'success', messageArgs: { name: found?.fullName } });
    redirect('/members-management');
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.stewardship.erase_title', { name: found?.fullName ?? '' })}</DialogTitle>
      <DialogContent>
        {scope.loading && <CircularProgress size={24} />}
        {scope.error && <Alert severity="error">{translate('flock.stewardship.erase_scope_error', { message: scope.error })}</Alert>}
        {found && (
          <>
            <DialogContentText>
              {translate('flock.stewardship.erase_intro', { name: found.fullName, email: found.email })}
            </DialogContentText>
            <DialogContentText sx={{ mt: 2 }}>{translate('flock.stewardship.erase_removes')}</DialogContentText>
            <ul>
              {Object.entries(found.removes)
                .filter(([, n]) => n > 0)
                .map(([what, n]) => (
                  <li key={what}>{translate(`flock.stewardship.removes.${what}`, { smart_count: n })}</li>
                ))}
            </ul>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('flock.profile.cancel')}</Button>
        <Button color="error" variant="contained" disabled={!found} loading={erasing.loading} onClick={erase}>
          {translate('flock.stewardship.erase_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Erase this person' on another member's profile, for holders of CAN_DELETE_MEMBERS. */
export function EraseButton({ userId }: { userId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!readPermissions().includes(P.deleteMembers)) return null;
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('flock.stewardship.erase')}
      </Button>
      {open && <EraseDialog userId={userId} onClose={() => setOpen(false)} />}
    </>
  );
}
