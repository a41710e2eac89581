import { useId } from 'react';
import { useDataProvider, useGetIdentity, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { PendingCorrection } from '@/domain/giving/online';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { giverLabel, t } from './givingText';
import { money } from './money';
import { review } from './reviewText';

/** A refund alone, or a correction's reversal and right entry, approved together (docs/decisions/0230). */
type Pending = {
  id: string;
  refund?: PendingCorrection;
  reversal?: PendingCorrection;
  gift?: PendingCorrection;
  entries: PendingCorrection[];
};

/** The list as what is approved at once: each refund, and each correction's two entries (by the gift they correct). */
function groupPending(rows: readonly PendingCorrection[]): Pending[] {
  const groups = new Map<string, Pending>();
  for (const row of rows) {
    const key = row.kind === 'refund' ? row.id : `correction:${row.correctsId}`;
    const group = groups.get(key) ?? { id: row.id, entries: [] };
    group.entries.push(row);
    if (row.kind === 'refund') group.refund = row;
    else if (row.kind === 'reversal') group.reversal = row;
    else group.gift = row;
    groups.set(key, group);
  }
  return [...groups.values()];
}

const fundsOf = (row: PendingCorrection) => row.splits.map((s) => s.fundName).join(', ');

/** What the refund or correction does, in words. */
function Description({ pending }: { pending: Pending }) {
  const translate = useTranslate();
  const amountOf = (row: PendingCorrection) => money(row.amount, row.currency);
  const lines: string[] = [];
  const taken = pending.refund ?? pending.reversal;
  if (taken) lines.push(translate(review('takes_back'), { amount: amountOf(taken), funds: fundsOf(taken) }));
  if (pending.gift)
    lines.push(
      translate(review('records_instead'), {
        amount: amountOf(pending.gift),
        giver: giverLabel(pending.gift, translate),
        funds: fundsOf(pending.gift),
        method: translate(t(`methods.${pending.gift.method}`)),
        date: pending.gift.date,
      }),
    );
  const reason = pending.entries.find((e) => e.reason)?.reason;
  if (reason) lines.push(translate(review('reason'), { reason }));
  return (
    <>
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
    </>
  );
}

/** One refund or correction, with Approve for someone who may approve it and did not record it. */
function PendingCard({ pending, approves, me }: { pending: Pending; approves: boolean; me: string }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const headingId = useId();
  const { loading, error, run } = useRemoteOperation();
  const taken = pending.refund ?? pending.reversal ?? pending.gift!;
  const heading = translate(review(pending.refund ? 'refund_of' : 'correction_of'), {
    amount: money(taken.amount, taken.currency),
  });
  // The server refuses the recorder too (403); the button is not offered to them.
  const recordedByMe = pending.entries.some((e) => e.recordedBy === me);
  // Offered once the signed-in person is known, so it never shows for a moment to the recorder.
  const mayApprove = approves && me !== '' && !recordedByMe;
  const approve = async () => {
    const outcome = await run(() => api.approveGivingCorrection({ id: pending.id }));
    if (!outcome.ok) return;
    notify(review('approved'), { type: 'success' });
    refresh();
  };
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1}>
          <Typography id={headingId} component="h2" variant="h6">
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[taken.date, giverLabel(taken, translate), taken.reference].filter(Boolean).join(' · ')}
          </Typography>
          <Description pending={pending} />
          {error && <Alert severity="error">{error}</Alert>}
          {mayApprove && (
            <Button variant="contained" color="success" onClick={approve} loading={loading} sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
              {translate(review('approve'))}
            </Button>
          )}
          {(recordedByMe || !approves) && <Alert severity="info">{translate(review(recordedByMe ? 'yours' : 'waits'))}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /giving/corrections: refunds and corrections waiting, oldest first; someone other than their
 * recorder with CAN_APPROVE_GIVING approves each, and it then counts (docs/decisions/0230, 0233).
 */
export function CorrectionsPage() {
  const translate = useTranslate();
  const approves = useAllows('givingCorrections', 'approve');
  const { identity } = useGetIdentity();
  const { data = [], isPending, error } = useGetList<PendingCorrection>('givingCorrections', { pagination: { page: 1, perPage: 1000 } });
  const groups = groupPending(data);
  return (
    <Stack spacing={2} sx={{ mb: 2 }} aria-busy={isPending}>
      <PageHeader title={translate('flock.routes.givingCorrections.title')} subtitle={translate(review('corrections_intro'))} />
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!isPending && !error && !groups.length && <EmptyNote text={review('none_pending')} />}
      {groups.map((pending) => (
        <PendingCard key={pending.id} pending={pending} approves={approves} me={String(identity?.id ?? '')} />
      ))}
    </Stack>
  );
}
