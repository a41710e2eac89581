import { useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  GIVING_METHODS,
  batchDifference,
  nairaToKobo,
  type BatchWithEntries,
  type Contribution,
  type GivingMethod,
} from '@/domain/giving/schemas';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { STATE_COLOR } from './BatchesPage';
import { FundSplits, partsAddUp, partsAsSplits, type Part } from './FundSplits';
import { FamilyPicker, type FamilyChoice } from './FamilyPicker';
import { GiverPicker, type GiverChoice } from './GiverPicker';
import { GivenBy, type By } from './GivenBy';
import { giverLabel, t, useFunds } from './givingText';
import { money } from './money';

type Answer = { data: BatchWithEntries; message?: string };

/**
 * The running difference between the counted total and the entries so far: what is still to
 * enter, or how much was entered beyond the count. Read aloud as it changes.
 */
function Totals({ batch }: { batch: BatchWithEntries }) {
  const translate = useTranslate();
  const amount = (kobo: number) => money(kobo, batch.currency);
  const difference = batchDifference(batch.countedTotal, batch.contributions);
  const [key, severity] =
    difference === 0
      ? (['balanced', 'success'] as const)
      : difference > 0
        ? (['still_to_enter', 'warning'] as const)
        : (['entered_over', 'error'] as const);
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate(t('counted_total'))}
            </Typography>
            <Typography variant="h6">{amount(batch.countedTotal)}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate(t('entered_total'))}
            </Typography>
            <Typography variant="h6">{amount(batch.enteredTotal)}</Typography>
          </Box>
        </Stack>
        <Alert severity={severity} role="status" aria-live="polite" sx={{ mt: 1 }}>
          {translate(t(key), { amount: amount(Math.abs(difference)) })}
        </Alert>
      </CardContent>
    </Card>
  );
}

/**
 * An entry typed fast from the keyboard: giver (a person, a family or nobody), amount in naira,
 * fund, method and reference; Enter adds it, the fund, method and kind of giver stay for the next
 * one and the giver's field takes the focus again. A gift for several funds is shared out across
 * them (FundSplits).
 */
function EntryForm({ batch, onSaved }: { batch: BatchWithEntries; onSaved: (answer: Answer) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const { inUse } = useFunds();
  const [by, setBy] = useState<By>('person');
  const [giver, setGiver] = useState<GiverChoice | null>(null);
  const [family, setFamily] = useState<FamilyChoice | null>(null);
  const [amount, setAmount] = useState('');
  const [fundId, setFundId] = useState('');
  const [method, setMethod] = useState<GivingMethod>('cash');
  const [reference, setReference] = useState('');
  const [parts, setParts] = useState<Part[] | null>(null);
  const giverField = useRef<HTMLInputElement>(null);
  const { loading, error, run } = useRemoteOperation<Answer>();
  const kobo = nairaToKobo(amount);
  const fund = fundId || inUse[0]?.id || '';
  const ready = !!kobo && (parts ? partsAddUp(kobo, parts) : !!fund) && (by === 'person' || !!family);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!kobo || !ready) return;
    const outcome = await run(() =>
      api.addGivingEntry<BatchWithEntries>({
        batchId: batch.id,
        giverId: by === 'person' ? (giver?.id ?? null) : null,
        householdId: by === 'family' ? (family?.id ?? null) : null,
        date: batch.date,
        amount: kobo,
        currency: batch.currency,
        method,
        reference: reference.trim() || null,
        splits: (parts && partsAsSplits(parts)) || [{ fundId: fund, amount: kobo }],
      }),
    );
    if (!outcome.ok) return;
    onSaved(outcome.result);
    setGiver(null);
    setFamily(null);
    setAmount('');
    setReference('');
    setParts(null);
    giverField.current?.focus();
  };
  return (
    <Card component="form" onSubmit={add} aria-label={translate(t('add_entry'))}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate(t('add_entry'))}
        </Typography>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <GivenBy by={by} onChange={setBy} anonymous />
          {by === 'person' ? (
            <GiverPicker value={giver} onChange={setGiver} inputRef={giverField} />
          ) : (
            <FamilyPicker value={family} onChange={setFamily} inputRef={giverField} />
          )}
          <TextField
            label={translate(t('amount'))}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            required
            error={amount !== '' && !kobo}
            helperText={amount !== '' && !kobo ? translate(t('amount_invalid')) : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {parts && <FundSplits parts={parts} onChange={setParts} funds={inUse} total={kobo} currency={batch.currency} />}
          {inUse.length > 1 && (
            <Button
              onClick={() =>
                setParts(
                  parts
                    ? null
                    : [
                        { fundId: fund, amount },
                        { fundId: '', amount: '' },
                      ],
                )
              }
              sx={{ minHeight: 44, alignSelf: 'flex-start' }}
            >
              {translate(t(parts ? 'one_fund' : 'split'))}
            </Button>
          )}
          <Stack direction="row" spacing={1}>
            {!parts && (
              <TextField select fullWidth label={translate(t('fund'))} value={fund} onChange={(e) => setFundId(e.target.value)}>
                {inUse.map((f) => (
                  <MenuItem key={f.id} value={f.id} sx={{ minHeight: 44 }}>
                    {f.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              fullWidth
              label={translate(t('method'))}
              value={method}
              onChange={(e) => setMethod(e.target.value as GivingMethod)}
            >
              {GIVING_METHODS.map((m) => (
                <MenuItem key={m} value={m} sx={{ minHeight: 44 }}>
                  {translate(t(`methods.${m}`))}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={translate(t('reference'))}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button type="submit" variant="contained" loading={loading} disabled={!ready} sx={{ minHeight: 44 }}>
            {translate(t('add_entry'))}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One entry: who gave (a person, a family or anonymous), how much, to which funds, how and with what reference. */
function Entry({ entry, onRemove }: { entry: Contribution; onRemove?: () => void }) {
  const translate = useTranslate();
  const giver = giverLabel(entry, translate);
  const funds = entry.splits.map((s) => s.fundName).join(', ');
  const details = [funds, translate(t(`methods.${entry.method}`)), entry.reference].filter(Boolean).join(' · ');
  return (
    <ListItem sx={{ gap: 1 }} divider>
      <ListItemText primary={`${giver}: ${money(entry.amount, entry.currency)}`} secondary={details} />
      {onRemove && (
        <IconButton onClick={onRemove} aria-label={translate(t('remove_entry'), { name: giver })} sx={{ width: 44, height: 44 }}>
          <DeleteIcon />
        </IconButton>
      )}
    </ListItem>
  );
}

/** Post (counters, when the entries equal the count) and approve (someone else with the right). */
function BatchActions({ batch, onSaved }: { batch: BatchWithEntries; onSaved: (answer: Answer) => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const counts = useAllows('givingBatches', 'create');
  const approves = useAllows('givingBatches', 'approve');
  const { loading, error, run } = useRemoteOperation<Answer>();
  const act = async (call: () => Promise<Answer>, done: string) => {
    const outcome = await run(call);
    if (!outcome.ok) return;
    onSaved(outcome.result);
    notify(t(done), { type: 'success' });
  };
  const balanced = batchDifference(batch.countedTotal, batch.contributions) === 0;
  const counter = [batch.createdBy, batch.postedBy].includes(String(identity?.id ?? ''));
  return (
    <Stack spacing={1}>
      {error && <Alert severity="error">{error}</Alert>}
      {batch.state === 'open' && counts && (
        <Button
          variant="contained"
          color="success"
          disabled={!balanced || !batch.contributions.length}
          loading={loading}
          onClick={() => act(() => api.postGivingBatch<BatchWithEntries>({ id: batch.id }), 'posted')}
          sx={{ minHeight: 44 }}
        >
          {translate(t('post'))}
        </Button>
      )}
      {batch.state === 'posted' && approves && !counter && (
        <Button
          variant="contained"
          color="success"
          loading={loading}
          onClick={() => act(() => api.approveGivingBatch<BatchWithEntries>({ id: batch.id }), 'approved')}
          sx={{ minHeight: 44 }}
        >
          {translate(t('approve'))}
        </Button>
      )}
      {batch.state === 'posted' && (
        <Alert severity="info">{translate(t(approves && !counter ? 'approve_help' : 'waits_for_approval'))}</Alert>
      )}
    </Stack>
  );
}

/**
 * /giving/batches/:id: the counted total first, then the entries typed against it with the
 * running difference; posted when they are equal, approved by someone else (docs/decisions/0227-giving.md).
 */
export function BatchPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const api = useDataProvider<FlockDataProvider>();
  const client = useQueryClient();
  const notify = useNotify();
  const counts = useAllows('givingBatches', 'create');
  const key = ['givingBatch', id];
  const { data: batch, error } = useQuery({
    queryKey: key,
    queryFn: async () => (await api.getGivingBatch<BatchWithEntries>({ id })).data,
  });
  const saved = (answer: Answer) => client.setQueryData(key, answer.data);
  const remove = async (entry: Contribution) => {
    try {
      saved(await api.removeGivingEntry<BatchWithEntries>({ id: entry.id }));
    } catch (caught) {
      notify((caught as Error).message, { type: 'error' });
    }
  };
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!batch) return null;
  const editable = batch.state === 'open' && counts;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader
        title={batch.name}
        subtitle={
          <>
            {batch.date}{' '}
            <Chip component="span" size="small" color={STATE_COLOR[batch.state]} label={translate(t(`states.${batch.state}`))} />
          </>
        }
      />
      <Totals batch={batch} />
      <BatchActions batch={batch} onSaved={saved} />
      {editable && <EntryForm batch={batch} onSaved={saved} />}
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6">
            {translate(t('entries'))}
          </Typography>
          {!batch.contributions.length && <Typography color="text.secondary">{translate(t('no_entries'))}</Typography>}
          <List aria-label={translate(t('entries'))}>
            {[...batch.contributions].reverse().map((entry) => (
              <Entry key={entry.id} entry={entry} onRemove={editable ? () => void remove(entry) : undefined} />
            ))}
          </List>
        </CardContent>
      </Card>
    </Stack>
  );
}
