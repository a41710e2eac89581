import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, CardActionArea, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { nairaToKobo, type Batch, type BatchWithEntries } from '@/domain/giving/schemas';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { FormDialog } from '@/src/common/FormDialog';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { t } from './givingText';
import { money } from './money';

export const STATE_COLOR = { open: 'warning', posted: 'info', approved: 'success' } as const;

const today = () => new Date().toLocaleDateString('en-CA');

/** Starting a batch: its name, day and the counted total, typed in naira; the entries follow on its page. */
function StartBatch({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [date, setDate] = useState(today());
  const [counted, setCounted] = useState('');
  const { loading, error, run } = useRemoteOperation();
  const countedTotal = nairaToKobo(counted);
  const start = async () => {
    const outcome = await run(() => api.createGivingBatch<BatchWithEntries>({ name, date, countedTotal }));
    if (outcome.ok) navigate(`/giving/batches/${outcome.result.data.id}`);
  };
  return (
    <FormDialog
      title={translate(t('start_batch'))}
      submitLabel={translate(t('start'))}
      onClose={onClose}
      onSubmit={() => void start()}
      ready={!!name.trim() && !!countedTotal}
      loading={loading}
      error={error}
    >
      <TextField label={translate(t('batch_name'))} value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
      <TextField
        type="date"
        label={translate(t('date'))}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={translate(t('counted_total'))}
        value={counted}
        onChange={(e) => setCounted(e.target.value)}
        required
        error={counted !== '' && !countedTotal}
        helperText={translate(t(counted !== '' && !countedTotal ? 'amount_invalid' : 'counted_help'))}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </FormDialog>
  );
}

/** One batch as a card: name, day, state, and what was counted against what was entered. */
function BatchCard({ batch }: { batch: Batch }) {
  const translate = useTranslate();
  const difference = batch.countedTotal - batch.enteredTotal;
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={`/giving/batches/${batch.id}`} sx={{ minHeight: 44 }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography component="h2" variant="subtitle1">
              {batch.name}
            </Typography>
            <Chip size="small" color={STATE_COLOR[batch.state]} label={translate(t(`states.${batch.state}`))} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {batch.date} · {translate(t('entries_count'), { smart_count: batch.entries })}
          </Typography>
          <Typography variant="body2">
            {translate(t('counted_entered'), {
              counted: money(batch.countedTotal, batch.currency),
              entered: money(batch.enteredTotal, batch.currency),
            })}
            {difference !== 0 && ` · ${translate(t('difference_is'), { amount: money(difference, batch.currency) })}`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /giving/batches: the batches, newest first, each opening its page; counters start one here. */
export function BatchesPage() {
  const translate = useTranslate();
  const counts = useAllows('givingBatches', 'create');
  const [starting, setStarting] = useState(false);
  const { data = [], isPending, error } = useGetList<Batch>('givingBatches', { pagination: { page: 1, perPage: 500 } });
  const startButton = counts && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setStarting(true)} sx={{ minHeight: 44 }}>
      {translate(t('start_batch'))}
    </Button>
  );
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={translate('flock.routes.givingBatches.title')} subtitle={translate(t('batches_intro'))} actions={startButton} />
      {error && <Alert severity="error">{error.message}</Alert>}
      {!isPending && !error && !data.length && <EmptyNote text={t('no_batches')} />}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label={translate('flock.routes.givingBatches.title')}>
        {data.map((batch) => (
          <BatchCard key={batch.id} batch={batch} />
        ))}
      </Stack>
      {starting && <StartBatch onClose={() => setStarting(false)} />}
    </Stack>
  );
}
