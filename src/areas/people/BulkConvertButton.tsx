import { useId, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress } from '@mui/material';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { useAllows } from '@/src/authProvider/useAllows';

type Outcome = { loading: boolean; success?: CustomResult; error?: string };

/** What the dialog shows: the question, the call under way, or its outcome. */
function Body({ count, loading, success, error }: Outcome & { count: number }) {
  const translate = useTranslate();
  const converting = translate('flock.people.first_timers.converting', { smart_count: count });
  if (loading) {
    return (
      <Box role="status">
        <DialogContentText sx={{ mb: 2 }}>{converting}</DialogContentText>
        <LinearProgress aria-label={converting} />
      </Box>
    );
  }
  if (error) return <Alert severity="error">{error}</Alert>;
  if (success)
    return (
      <Alert severity="success">{success.message || translate('flock.people.first_timers.converted_count', { smart_count: count })}</Alert>
    );
  return <DialogContentText>{translate('flock.people.first_timers.bulk_content', { smart_count: count })}</DialogContentText>;
}

/** Asks, converts the ids in one call, and shows the outcome until closed. */
function ConvertDialog({ ids, onClose }: { ids: Identifier[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { onUnselectItems } = useListContext();
  const { loading, success, error, run } = useRemoteOperation<CustomResult>();
  const titleId = useId();

  const convert = async () => {
    const outcome = await run(() => dataProvider.bulkConvertFirstTimers({ ids: ids.map(String) }));
    if (!outcome.ok) return;
    // The toast outlives the dialog when the last first-timers leave and the table gives way to the empty list.
    notify(outcome.result.message || 'flock.people.done', { type: 'success' });
    onUnselectItems();
    refresh();
  };
  const close = () => !loading && onClose();

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('flock.people.first_timers.bulk_title', { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        <Body count={ids.length} loading={loading} success={success} error={error} />
      </DialogContent>
      <DialogActions>
        {success || error ? (
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        ) : (
          <>
            <Button onClick={close} disabled={loading}>
              {translate('flock.crud.cancel')}
            </Button>
            <Button variant="contained" onClick={convert} loading={loading}>
              {translate('flock.people.first_timers.convert')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The first-timer list's bulk action: the selected first-timers become members in one call
 * (BulkConvertFirstTimersToMembers), all or none. A progress bar shows while it runs, then the
 * server's summary: how many were converted, or which ids it refused. Converted people leave the list.
 */
export function BulkConvertButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const canAccess = useAllows('firstTimers', 'convert');
  // The ids asked about are kept: the selection empties once they are converted, while the summary stays.
  const [asked, setAsked] = useState<Identifier[] | null>(null);
  if (!canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<HowToRegIcon />} onClick={() => setAsked([...selectedIds])}>
        {translate('flock.people.first_timers.bulk_convert')}
      </Button>
      {asked && <ConvertDialog ids={asked} onClose={() => setAsked(null)} />}
    </>
  );
}
