import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/Mail';
import type { Statement, StatementMailOutcome } from '@/domain/giving/statements';
import { useAllows } from '@/src/authProvider/useAllows';
import { PageHeader } from '@/src/common/crud';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { FamilyPicker, type FamilyChoice } from './FamilyPicker';
import { GiverPicker, type GiverChoice } from './GiverPicker';
import { downloadStatements, saveFile, type StatementProgress } from './statementDownload';
import { money } from './money';

/** The page's texts: flock.giving_statements.<key> (src/i18n/enAreas.ts). */
const s = (key: string) => `flock.giving_statements.${key}`;

/** Last calendar year: what a giver's yearly statement covers. */
const lastYear = () => {
  const year = new Date().getFullYear() - 1;
  return { from: `${year}-01-01`, to: `${year}-12-31` };
};

type Period = { from: string; to: string; giverId?: string; householdId?: string };
type Whose = 'all' | 'one' | 'family';

/** The period and whose statements: every giver of the period, one person, or one family that gave in its name (docs/decisions/0244). */
function PeriodForm({ onChoose }: { onChoose: (period: Period) => void }) {
  const translate = useTranslate();
  const [range, setRange] = useState(lastYear);
  const [whose, setWhose] = useState<Whose>('all');
  const [giver, setGiver] = useState<GiverChoice | null>(null);
  const [family, setFamily] = useState<FamilyChoice | null>(null);
  const whoseLabel = useId();
  const chosen = { all: true, one: !!giver, family: !!family }[whose];
  const ready = range.from && range.to && range.from <= range.to && chosen;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready)
      onChoose({ ...range, giverId: whose === 'one' ? giver?.id : undefined, householdId: whose === 'family' ? family?.id : undefined });
  };
  return (
    <Card component="form" onSubmit={submit} aria-label={translate(s('choose'))}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={translate(s('from'))}
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.target.value })}
              required
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={translate(s('to'))}
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.target.value })}
              required
              fullWidth
              error={!!range.from && !!range.to && range.from > range.to}
              helperText={range.from > range.to ? translate(s('to_before_from')) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
          <Box>
            <FormLabel id={whoseLabel}>{translate(s('whose'))}</FormLabel>
            <RadioGroup aria-labelledby={whoseLabel} row value={whose} onChange={(e) => setWhose(e.target.value as Whose)}>
              <FormControlLabel value="all" control={<Radio />} label={translate(s('all_givers'))} sx={{ minHeight: 44 }} />
              <FormControlLabel value="one" control={<Radio />} label={translate(s('one_giver'))} sx={{ minHeight: 44 }} />
              <FormControlLabel value="family" control={<Radio />} label={translate(s('one_family'))} sx={{ minHeight: 44 }} />
            </RadioGroup>
          </Box>
          {whose === 'one' && <GiverPicker value={giver} onChange={setGiver} />}
          {whose === 'family' && <FamilyPicker value={family} onChange={setFamily} />}
          <Button type="submit" variant="contained" disabled={!ready} sx={{ minHeight: 44, alignSelf: { sm: 'flex-start' } }}>
            {translate(s('show'))}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

const totalOf = (statement: Statement) => statement.grandTotals.map((t) => money(t.amount, t.currency)).join(' + ');

/** The givers of the period with their totals: what the file and the mails will hold. */
function Givers({ statements }: { statements: Statement[] }) {
  const translate = useTranslate();
  if (!statements.length) return <Alert severity="info">{translate(s('nobody'))}</Alert>;
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <Typography component="h2" variant="h6">
          {translate(s('givers'), { smart_count: statements.length })}
        </Typography>
      </CardContent>
      <List aria-label={translate(s('givers'), { smart_count: statements.length })} sx={{ maxHeight: 360, overflow: 'auto' }}>
        {statements.map((statement) => (
          <ListItem key={statement.giverId ?? statement.householdId} sx={{ minHeight: 44 }}>
            <ListItemText primary={statement.giverName} secondary={totalOf(statement)} />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

/** 'Download PDF': the file made on the server giver by giver, the progress shown and announced as it goes. */
function DownloadButton({ period }: { period: Period }) {
  const translate = useTranslate();
  const [progress, setProgress] = useState<StatementProgress | null>(null);
  const [error, setError] = useState<string>();
  const download = async () => {
    setError(undefined);
    setProgress({ done: 0, total: 0 });
    try {
      const { file, fileName } = await downloadStatements(period, setProgress);
      saveFile(file, fileName);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  const told = progress && translate(s('making'), { done: progress.done, total: progress.total });
  return (
    <Stack spacing={1} sx={{ flex: 1 }}>
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={download} loading={busy} sx={{ minHeight: 44 }}>
        {translate(s('download'))}
      </Button>
      <Box role="status" aria-live="polite">
        {progress && (
          <>
            <Typography variant="body2">{told}</Typography>
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={progress.total ? (100 * progress.done) / progress.total : undefined}
              aria-label={told ?? undefined}
            />
          </>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** 'Mail to givers', once asked: each giver their own statement, as their mail choices allow. */
function MailButton({ period, givers }: { period: Period; givers: number | null }) {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [asking, setAsking] = useState(false);
  const { loading, success, error, run } = useRemoteOperation<{ data: StatementMailOutcome }>();
  const mail = async () => {
    await run(() => api.mailGivingStatements<StatementMailOutcome>(period));
    setAsking(false);
  };
  const outcome = success?.data;
  return (
    <Stack spacing={1} sx={{ flex: 1 }}>
      {asking ? (
        <Button variant="contained" color="warning" startIcon={<MailIcon />} onClick={mail} loading={loading} sx={{ minHeight: 44 }}>
          {givers === null ? translate(s('mail_confirm_all')) : translate(s('mail_confirm'), { smart_count: givers })}
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<MailIcon />} onClick={() => setAsking(true)} disabled={givers === 0} sx={{ minHeight: 44 }}>
          {translate(s('mail'))}
        </Button>
      )}
      <Box role="status" aria-live="polite">
        {loading && <LinearProgress aria-label={translate(s('mailing'))} />}
        {outcome && (
          <Alert severity="success">
            {translate(s('mailed'), { smart_count: outcome.mailed, givers: outcome.givers })}{' '}
            {outcome.withoutConsent > 0 && translate(s('not_mailed'), { smart_count: outcome.withoutConsent })}
          </Alert>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/**
 * /giving/statements: choose a period and one giver or all, see who gave in it, then download the
 * statements as one PDF (readers of giving) or mail each giver theirs (counters), each in the
 * giver's language (docs/decisions/0235-giving-statements.md).
 */
export function StatementsPage() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const mayDownload = useAllows('givingStatements', 'download');
  const mayMail = useAllows('givingStatements', 'mail');
  const [period, setPeriod] = useState<Period | null>(null);
  const { loading, success, error, run } = useRemoteOperation<{ data: Statement[] }>();
  // Only the readers of giving see who gave what; a counter mails without reading it.
  useEffect(() => {
    if (period && mayDownload) void run(() => api.getGivingStatements<Statement[]>(period));
  }, [period, mayDownload, api, run]);
  const statements = success?.data;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={translate('flock.routes.givingStatements.title')} subtitle={translate(s('intro'))} />
      <PeriodForm onChoose={setPeriod} />
      {loading && <LinearProgress aria-label={translate('flock.loading')} />}
      {error && <Alert severity="error">{error}</Alert>}
      {statements && <Givers statements={statements} />}
      {period && (mayDownload ? statements : true) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} key={JSON.stringify(period)}>
          {mayDownload && <DownloadButton period={period} />}
          {mayMail && <MailButton period={period} givers={statements ? statements.length : null} />}
        </Stack>
      )}
    </Stack>
  );
}
