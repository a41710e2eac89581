import { createElement } from 'react';
import { useCloseNotification, useNotify, useTranslate, type HttpError } from 'react-admin';
import { Alert, AlertTitle, Button } from '@mui/material';

/** The server's 409 for a save from a form loaded before someone else's save. */
const STALE_RECORD = 'This record was changed by someone else since you opened it';

/** True when a save failed because the record changed since its form loaded it. */
export const isStale = (error: unknown) =>
  (error as HttpError | undefined)?.status === 409 && (error as HttpError).message === STALE_RECORD;

/**
 * Says a save was refused as stale, until the user chooses: the form keeps what they typed;
 * Reload fetches the record as it is now (replacing it), Keep editing only closes this.
 */
export function StaleRecordAlert({ onReload, onKeep }: { onReload: () => void; onKeep: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      variant="filled"
      action={
        <>
          <Button color="inherit" size="small" onClick={onReload}>
            {translate('flock.stale.reload')}
          </Button>
          <Button color="inherit" size="small" onClick={onKeep}>
            {translate('flock.stale.keep')}
          </Button>
        </>
      }
    >
      <AlertTitle>{translate('flock.stale.message')}</AlertTitle>
      {translate('flock.stale.kept')}
    </Alert>
  );
}

/** The alert as react-admin's notification, for a form on the page itself (not in a dialog). */
function StaleRecordNotification({ onReload }: { onReload: () => void }) {
  const close = useCloseNotification();
  return (
    <StaleRecordAlert
      onReload={() => {
        close();
        onReload();
      }}
      onKeep={close}
    />
  );
}

/** Shows the stale-save notification, which stays until the user chooses; onReload refetches the record. */
export function useStaleNotice() {
  const notify = useNotify();
  return (onReload: () => void) => notify(createElement(StaleRecordNotification, { onReload }), { type: 'error', autoHideDuration: null });
}
