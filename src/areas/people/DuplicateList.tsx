import { useState } from 'react';
import { ExportButton, List, TopToolbar, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { DuplicatePair, DuplicatePerson } from '@/domain/people/duplicates';
import { longDate, PageHeader, useCsvExporter, type ColumnDef } from '@/src/common/crud';
import type { FlockDataProvider } from '@/src/dataProvider';
import { MergeDialog } from './MergeDialog';

const RESOURCE = 'duplicates';
const T = 'flock.duplicates';
type PairRecord = DuplicatePair & { id: string };

/** The CSV export: both records of each pair and why they match. */
const EXPORT_COLUMNS: ColumnDef[] = [
  { source: 'a', csv: (r) => (r as unknown as PairRecord).a.fullName },
  { source: 'aEmail', csv: (r) => (r as unknown as PairRecord).a.email },
  { source: 'b', csv: (r) => (r as unknown as PairRecord).b.fullName },
  { source: 'bEmail', csv: (r) => (r as unknown as PairRecord).b.email },
  { source: 'reasons', csv: (r) => (r as unknown as PairRecord).reasons.join(', ') },
];

function Person({ person }: { person: DuplicatePerson }) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Link to={`/profile/${person.id}`}>{person.fullName}</Link>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {person.email}
      </Typography>
      {person.phone && <Typography variant="body2">{person.phone}</Typography>}
      {person.dateOfBirth && <Typography variant="body2">{longDate(person.dateOfBirth)}</Typography>}
      {person.isFirstTimer && <Chip size="small" label={translate(`${T}.first_timer`)} />}
    </Box>
  );
}

function PairCard({ pair, onMerge }: { pair: PairRecord; onMerge: (pair: PairRecord) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [busy, setBusy] = useState(false);
  const names = `${pair.a.fullName} / ${pair.b.fullName}`;
  const dismiss = async () => {
    setBusy(true);
    try {
      await dataProvider.dismissDuplicatePair({ userId: pair.a.id, otherId: pair.b.id });
      notify(`${T}.dismissed`, { type: 'info' });
      refresh();
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="li" aria-label={names}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
          {pair.reasons.map((reason) => (
            <Chip key={reason} color="warning" label={translate(`${T}.reasons.${reason}`)} />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Person person={pair.a} />
          <Person person={pair.b} />
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => onMerge(pair)} aria-label={`${translate(`${T}.merge`)}: ${names}`}>
          {translate(`${T}.merge`)}
        </Button>
        <Button loading={busy} onClick={dismiss} aria-label={`${translate(`${T}.dismiss`)}: ${names}`}>
          {translate(`${T}.dismiss`)}
        </Button>
      </CardActions>
    </Card>
  );
}

function Pairs() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<PairRecord>();
  const [merging, setMerging] = useState<PairRecord>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>;
  return (
    <>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((pair) => (
          <PairCard key={pair.id} pair={pair} onMerge={setMerging} />
        ))}
      </Stack>
      {merging && <MergeDialog pair={merging} onClose={() => setMerging(undefined)} />}
    </>
  );
}

/**
 * /duplicates: the likely duplicate pairs, the best first, each with why it matches; a pair is
 * merged (MergeDialog: which record stays, field by field) or dismissed for good.
 */
export function DuplicateList() {
  const translate = useTranslate();
  const exporter = useCsvExporter(RESOURCE, EXPORT_COLUMNS);
  return (
    <>
      <PageHeader title={translate('flock.routes.duplicates.title')} subtitle={translate(`${T}.intro`)} />
      <List
        resource={RESOURCE}
        title={false}
        exporter={exporter}
        perPage={25}
        sort={{ field: 'id', order: 'ASC' }}
        empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}
        actions={
          <TopToolbar>
            <ExportButton maxResults={500} />
          </TopToolbar>
        }
      >
        <Pairs />
      </List>
    </>
  );
}
