import { useId, useMemo } from 'react';
import { Form, TextInput, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress } from '@mui/material';
import { decisionFormSchema } from '@/domain/requests/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { MemberRequest } from '@/domain/common/records';
import { targetText } from './requestText';
import type { FieldValues } from 'react-hook-form';

type Failure = { request: MemberRequest; message: string };
type Outcome = { decided: number; failures: Failure[] };

/** One call per request, one after another: each is its own decision, and each failure is kept. */
async function decideEach(api: FlockDataProvider, requests: MemberRequest[], approve: boolean, comment?: string): Promise<Outcome> {
  const failures: Failure[] = [];
  for (const request of requests) {
    try {
      await api.decideRequest({ id: request.id, kind: request.kind, approve, comment });
    } catch (error) {
      failures.push({ request, message: (error as Error).message });
    }
  }
  return { decided: requests.length - failures.length, failures };
}

/** What was decided and, per request, why the others were not. */
function Summary({ outcome, total }: { outcome: Outcome; total: number }) {
  const translate = useTranslate();
  return (
    <Alert severity={outcome.decided ? 'warning' : 'error'}>
      {translate('flock.requests.decided_count', { done: outcome.decided, total })}
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {outcome.failures.map(({ request, message }) => (
          <li key={request.id}>
            {request.requester.fullName} ({translate(`flock.requests.kinds.${request.kind}`)}, {targetText(request)}): {message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

type Props = {
  requests: MemberRequest[];
  approve: boolean;
  /** decided: some requests may have changed, so a selection is cleared. */
  onClose: (decided: boolean) => void;
};

/**
 * Approves or rejects one request or a selection, with a comment that a rejection requires (the
 * member reads it). A selection is decided one by one; any that fail are listed with the
 * server's reason, and the rest stay decided.
 */
export function DecideDialog({ requests, approve, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useDataProvider<FlockDataProvider>();
  const { loading, success: outcome, run } = useRemoteOperation<Outcome>();
  const resolver = useMemo(() => schemaResolver(decisionFormSchema(approve)), [approve]);
  const titleId = useId();
  const count = { smart_count: requests.length };
  const verb = approve ? 'approve' : 'reject';

  const submit = async (values: FieldValues) => {
    const result = await run(() => decideEach(api, requests, approve, values.comment || undefined));
    if (!result.ok) return;
    refresh();
    if (result.result.failures.length === 0) {
      notify(approve ? 'flock.requests.approved_toast' : 'flock.requests.rejected_toast', { type: 'success', messageArgs: count });
      onClose(true);
    }
  };
  const close = () => !loading && onClose(!!outcome);
  const single = requests.length === 1 ? requests[0] : undefined;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <DialogTitle id={titleId}>{translate(`flock.requests.${verb}_title`, count)}</DialogTitle>
        <DialogContent>
          {single && (
            <DialogContentText sx={{ mb: 1 }}>
              {single.requester.fullName}: {translate(`flock.requests.kinds.${single.kind}`)}, {targetText(single)}
            </DialogContentText>
          )}
          <DialogContentText sx={{ mb: 1 }}>{translate(`flock.requests.${verb}_intro`)}</DialogContentText>
          {outcome ? (
            <Summary outcome={outcome} total={requests.length} />
          ) : (
            <TextInput
              source="comment"
              label="flock.requests.comment"
              multiline
              minRows={3}
              isRequired={!approve}
              autoFocus
              disabled={loading}
            />
          )}
          {loading && <LinearProgress aria-label={translate('flock.requests.deciding', count)} />}
        </DialogContent>
        <DialogActions>
          {outcome ? (
            <Button onClick={close}>{translate('ra.action.close')}</Button>
          ) : (
            <>
              <Button onClick={close} disabled={loading}>
                {translate('flock.crud.cancel')}
              </Button>
              <Button type="submit" variant="contained" color={approve ? 'primary' : 'error'} loading={loading}>
                {translate(`flock.requests.${verb}`)}
              </Button>
            </>
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
