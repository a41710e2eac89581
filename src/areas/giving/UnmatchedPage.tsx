import { useId, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { UnmatchedContribution } from '@/domain/giving/online';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { FamilyPicker, type FamilyChoice } from './FamilyPicker';
import { GiverPicker, type GiverChoice } from './GiverPicker';
import { GivenBy, type By } from './GivenBy';
import { t } from './givingText';
import { money } from './money';
import { review } from './reviewText';

/** Provider codes as their names are written. */
const PROVIDER_NAMES: Record<string, string> = { paystack: 'Paystack' };

/** What the provider said of the payer: what the office matches on. */
function Payer({ gift }: { gift: UnmatchedContribution }) {
  const translate = useTranslate();
  const said = [gift.payer?.name, gift.payer?.email, gift.payer?.phone].filter(Boolean);
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {translate(review('payer'))}
      </Typography>
      <Typography>{said.length ? said.join(' · ') : translate(review('payer_unknown'))}</Typography>
    </div>
  );
}

/** One online gift: what it was, who paid it as the provider says, and (for counters) the person or family to match it to. */
function UnmatchedGift({ gift, matches }: { gift: UnmatchedContribution; matches: boolean }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const headingId = useId();
  const [by, setBy] = useState<By>('person');
  const [giver, setGiver] = useState<GiverChoice | null>(null);
  const [family, setFamily] = useState<FamilyChoice | null>(null);
  const { loading, error, run } = useRemoteOperation();
  const chosen = by === 'person' ? giver : family;
  const match = async () => {
    if (!chosen) return;
    const whom = by === 'person' ? { giverId: chosen.id } : { householdId: chosen.id };
    const outcome = await run(() => api.matchGivingContribution({ id: gift.id, ...whom }));
    if (!outcome.ok) return;
    notify(review('matched'), { type: 'success' });
    refresh();
  };
  const details = {
    provider: PROVIDER_NAMES[gift.provider ?? ''] ?? gift.provider ?? '',
    funds: gift.splits.map((s) => s.fundName).join(', '),
    method: translate(t(`methods.${gift.method}`)),
    reference: gift.reference ?? '',
  };
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id={headingId} component="h2" variant="h6">
            {translate(review('gift_of'), { amount: money(gift.amount, gift.currency), date: gift.date })}
          </Typography>
          <Typography color="text.secondary">{translate(review('given_online'), details)}</Typography>
          <Payer gift={gift} />
          {error && <Alert severity="error">{error}</Alert>}
          {matches && <GivenBy by={by} onChange={setBy} />}
          {matches && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Stack sx={{ flex: 1 }}>
                {by === 'person' ? (
                  <GiverPicker
                    value={giver}
                    onChange={setGiver}
                    label={translate(review('giver'))}
                    helperText={translate(review('giver_help'))}
                  />
                ) : (
                  <FamilyPicker value={family} onChange={setFamily} />
                )}
              </Stack>
              <Button variant="contained" onClick={match} disabled={!chosen} loading={loading} sx={{ minHeight: 56 }}>
                {translate(review('match'))}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /giving/unmatched: online gifts whose giver Flock could not find by email or phone, newest
 * first; a counter matches each to a person or a family, after which it counts as theirs
 * (docs/decisions/0233-paystack-webhook.md, 0244-family-giver.md).
 */
export function UnmatchedPage() {
  const translate = useTranslate();
  const matches = useAllows('unmatchedGifts', 'edit');
  const { data = [], isPending, error } = useGetList<UnmatchedContribution>('unmatchedGifts', { pagination: { page: 1, perPage: 1000 } });
  return (
    <Stack spacing={2} sx={{ mb: 2 }} aria-busy={isPending}>
      <PageHeader title={translate('flock.routes.unmatchedGifts.title')} subtitle={translate(review('unmatched_intro'))} />
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!isPending && !error && !data.length && <EmptyNote text={review('none_unmatched')} />}
      {data.map((gift) => (
        <UnmatchedGift key={gift.id} gift={gift} matches={matches} />
      ))}
    </Stack>
  );
}
