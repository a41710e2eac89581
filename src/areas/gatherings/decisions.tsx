import { useId, useMemo, type MouseEvent } from 'react';
import { Form, TextInput, useGetIdentity, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  type ChipProps,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { FieldValues } from 'react-hook-form';
import type { OutreachStatus } from '@/domain/gatherings/statuses';
import { decisionFormSchema } from '@/domain/requests/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/** What the venue, event and outreach screens share: a request's status, and its decision. */

const COLOR: Record<OutreachStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
  completed: 'info',
};

export function GatheringStatus({ status }: { status: OutreachStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOR[status]} label={translate(`flock.gatherings.statuses.${status}`)} />;
}

export type PendingRecord = { id: string; status: OutreachStatus; userId: string };
export type Deciding<R extends PendingRecord = PendingRecord> = { record: R; approve: boolean };

/** Buttons inside a clickable row must not act on the row too. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

type DecideProps = { onDecide: (d: Deciding) => void; name: (r: PendingRecord) => string; right: string };

/** Approve and Reject on a pending request of someone else, for holders of the right (nobody decides their own; the server refuses it too). */
export function DecideButtons({ onDecide, name, right }: DecideProps) {
  const translate = useTranslate();
  const record = useRecordContext<PendingRecord>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  if (!record || !identity || record.status !== 'pending' || record.userId === identity.id || !permissions?.includes(right)) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <Button
        size="small"
        startIcon={<CheckIcon />}
        aria-label={translate('flock.gatherings.approve_of', { name: name(record) })}
        onClick={only(() => onDecide({ record, approve: true }))}
      >
        {translate('flock.requests.approve')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<CloseIcon />}
        aria-label={translate('flock.gatherings.reject_of', { name: name(record) })}
        onClick={only(() => onDecide({ record, approve: false }))}
      >
        {translate('flock.requests.reject')}
      </Button>
    </Box>
  );
}

type DialogProps = {
  deciding: Deciding;
  /** What is decided, in a sentence. */
  summary: string;
  call: (p: { id: string; approve: boolean; comment?: string }) => Promise<unknown>;
  onClose: () => void;
};

/**
 * Approves or rejects one request, with the comment a rejection requires (the requester reads
 * it). A refusal (a venue clash names the booking it clashes with) stays in the dialog.
 */
export function DecisionDialog({ deciding, summary, call, onClose }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { approve, record } = deciding;
  const { loading, error, run } = useRemoteOperation<unknown>();
  const resolver = useMemo(() => schemaResolver(decisionFormSchema(approve)), [approve]);
  const titleId = useId();
  const verb = approve ? 'approve' : 'reject';
  const submit = async (values: FieldValues) => {
    const result = await run(() => call({ id: record.id, approve, comment: values.comment || undefined }));
    if (!result.ok) return;
    notify(approve ? 'flock.requests.approved_toast' : 'flock.requests.rejected_toast', {
      type: 'success',
      messageArgs: { smart_count: 1 },
    });
    refresh();
    onClose();
  };
  return (
    <Dialog open onClose={() => !loading && onClose()} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form onSubmit={submit} resolver={resolver} noValidate>
        <DialogTitle id={titleId}>{translate(`flock.requests.${verb}_title`, { smart_count: 1 })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{summary}</DialogContentText>
          <DialogContentText sx={{ mb: 1 }}>{translate(`flock.gatherings.${verb}_intro`)}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextInput
            source="comment"
            label="flock.requests.comment"
            multiline
            minRows={3}
            isRequired={!approve}
            autoFocus
            disabled={loading}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {translate('flock.crud.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={approve ? 'primary' : 'error'} loading={loading}>
            {translate(`flock.requests.${verb}`)}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
