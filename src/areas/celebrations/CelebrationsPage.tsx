import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CakeIcon from '@mui/icons-material/Cake';
import DownloadIcon from '@mui/icons-material/Download';
import FavoriteIcon from '@mui/icons-material/Favorite';
import type { Period } from '@/domain/celebrations/dates';
import type { Celebration, CelebrationScopes } from '@/domain/celebrations/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';
import { EmptyNote, PageHeader, useCsvExporter, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { useAllows } from '@/src/authProvider/useAllows';
import { dayLabel, whatLabel, whoLabel } from './celebrationText';
import { GreetingSetting } from './GreetingSetting';
import { useCelebrations } from './useCelebrations';

/** The CSV's columns: the day in full (YYYY-MM-DD of this year, never the year of birth). */
const COLUMNS: ColumnDef[] = [
  { source: 'name', csv: (r, translate) => whoLabel(r as unknown as Celebration, translate) },
  { source: 'kind', csv: (r, translate) => translate(`flock.celebrations.${r.kind}`) },
  { source: 'day' },
  { source: 'years' },
  { source: 'spouseName' },
];

/** The scopes the caller may choose, as the select's values: 'mine', 'church', 'department:<id>', 'center:<id>'. */
function useScopeChoices() {
  const api = useDataProvider<FlockDataProvider>();
  const [scopes, setScopes] = useState<CelebrationScopes>();
  useEffect(() => {
    api.getCelebrationScopes<CelebrationScopes>().then(
      (res) => setScopes(res.data),
      () => setScopes({ church: false, departments: [], centers: [] }),
    );
  }, [api]);
  return scopes;
}

function ScopeSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const scopes = useScopeChoices();
  const t = (key: string, name?: string) => translate(`flock.celebrations.${key}`, { name });
  return (
    <TextField select label={t('whose')} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240 }} size="small">
      <MenuItem value="mine">{scopes?.church ? t('church') : t('mine')}</MenuItem>
      {scopes?.departments.map((d) => (
        <MenuItem key={d.id} value={`department:${d.id}`}>
          {t('department', d.name)}
        </MenuItem>
      ))}
      {scopes?.centers.map((c) => (
        <MenuItem key={c.id} value={`center:${c.id}`}>
          {t('center', c.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Rows({ rows }: { rows: Celebration[] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <List aria-label={translate('resources.celebrations.name', { smart_count: 2 })}>
        {rows.map((row) => (
          <ListItem key={`${row.userId} ${row.kind}`} divider>
            <ListItemIcon>{row.kind === 'birthday' ? <CakeIcon color="primary" /> : <FavoriteIcon color="secondary" />}</ListItemIcon>
            <ListItemText primary={whoLabel(row, translate)} secondary={whatLabel(row, translate)} />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

/** /celebrations: the week's or month's birthdays and wedding anniversaries in a scope, sorted by day, with a CSV export. */
export function CelebrationsPage() {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>('week');
  const [scope, setScope] = useState('mine');
  const loaded = useCelebrations(period, scope);
  // The list kit's exporter reads only the records (react-admin's other arguments are for related records).
  const exporter = useCsvExporter('celebrations', COLUMNS) as (records: ApiRecord[]) => void;
  const setsGreetings = useAllows('celebrationSettings', 'edit');
  const list = loaded && 'list' in loaded ? loaded.list : undefined;
  const rows = list?.rows ?? [];
  return (
    <>
      <PageHeader
        title={translate('flock.routes.celebrations.title')}
        subtitle={translate('flock.celebrations.intro')}
        actions={
          <Button
            startIcon={<DownloadIcon />}
            disabled={rows.length === 0}
            onClick={() => exporter(rows.map((r) => ({ id: `${r.userId} ${r.kind}`, ...r })))}
          >
            {translate('flock.celebrations.export')}
          </Button>
        }
      />
      {setsGreetings && <GreetingSetting />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          value={period}
          onChange={(_, next: Period | null) => next && setPeriod(next)}
          aria-label={translate('flock.celebrations.period')}
          size="small"
        >
          <ToggleButton value="week">{translate('flock.celebrations.week')}</ToggleButton>
          <ToggleButton value="month">{translate('flock.celebrations.month')}</ToggleButton>
        </ToggleButtonGroup>
        <ScopeSelect value={scope} onChange={setScope} />
        {list && (
          <Typography color="text.secondary">
            {translate('flock.celebrations.range', { from: dayLabel(list.from), to: dayLabel(list.to) })}
          </Typography>
        )}
      </Stack>
      {!loaded && <CircularProgress aria-label={translate('flock.loading')} />}
      {loaded && 'error' in loaded && (
        <Alert severity={loaded.refused ? 'info' : 'error'}>
          {loaded.refused ? loaded.error : translate('flock.celebrations.load_error', { message: loaded.error })}
        </Alert>
      )}
      {list && (rows.length ? <Rows rows={rows} /> : <EmptyNote text={`flock.celebrations.empty_${period}`} />)}
      <Box sx={{ height: 16 }} />
    </>
  );
}
