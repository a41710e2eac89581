import { useCloseNotification, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Button } from '@mui/material';

/** The server's 409 for a save from a form loaded before someone else's save (API.md). */
export const STALE_RECORD = 'This record was changed by someone else since you opened it';

/**
 * Shown, until the user chooses, when a save was refused as stale: the form keeps what they
 * typed; Reload fetches the record as it is now (replacing it), Keep editing closes the notice.
 */
export function StaleRecordNotice({ onReload }: { onReload: () => void }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Alert
      severity="error"
      variant="filled"
      action={
        <>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              close();
              onReload();
            }}
          >
            {translate('flock.stale.reload')}
          </Button>
          <Button color="inherit" size="small" onClick={close}>
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
