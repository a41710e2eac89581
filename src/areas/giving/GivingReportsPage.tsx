import { useState, type ReactNode } from 'react';
import { downloadCSV, useDataProvider, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  GIVER_BANDS,
  type FirstTimeGivers,
  type FundMonthTotals,
  type GiverBand,
  type GiverBands,
  type LapsedGivers,
  type Period,
} from '@/domain/giving/reports';
import { PageHeader } from '@/src/common/crud';
import { toCsv } from '@/src/common/crud/csv';
import type { FlockDataProvider } from '@/src/dataProvider';
import { intlLocale } from '@/src/i18n/formats';
import { giverLabel } from './givingText';
import { compactMoney, koboCell, money } from './money';
import { shortDay, tp } from './pledgeText';

/** How many rows a report's table shows; its CSV holds every row the server sent. */
const SHOWN = 100;

/** One column of a report: its heading, its cell on screen, and its CSV value. */
type Column<R> = { label: string; cell: (row: R) => ReactNode; csv: (row: R) => unknown };

/** YYYY-MM as the screens' language names the month. */
const monthName = (month: string) => new Date(`${month}-01T00:00:00`).toLocaleDateString(intlLocale(), { month: 'short', year: 'numeric' });

/** The months of the days given, in order, each with how many days fell in it: the bars of a count by month. */
function countByMonth(days: string[]) {
  const counts = new Map<string, number>();
  for (const day of [...days].sort()) counts.set(day.slice(0, 7), (counts.get(day.slice(0, 7)) ?? 0) + 1);
  return { months: [...counts.keys()], counts: [...counts.values()] };
}

/** A report's table (its first rows) and its CSV export (every row). */
function ReportTable<R>({ name, rows, columns, total }: { name: string; rows: R[]; columns: Column<R>[]; total?: number }) {
  const translate = useTranslate();
  const exportCsv = () => {
    const records = rows.map((row) => Object.fromEntries(columns.map((c, i) => [String(i), c.csv(row)])));
    downloadCSV(
      toCsv(
        records,
        columns.map((c, i) => ({ source: String(i), label: c.label })),
      ),
      name,
    );
  };
  return (
    <Stack spacing={1}>
      {total !== undefined && total > Math.min(rows.length, SHOWN) && (
        <Typography variant="body2" color="text.secondary">
          {translate(tp('shown_of'), { shown: Math.min(rows.length, SHOWN), total })}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={name}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.label}>{c.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, SHOWN).map((row, i) => (
              <TableRow key={i}>
                {columns.map((c) => (
                  <TableCell key={c.label}>{c.cell(row)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Button
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={!rows.length}
          aria-label={translate(tp('export_named'), { name })}
          sx={{ minHeight: 44 }}
        >
          {translate(tp('export'))}
        </Button>
      </Box>
    </Stack>
  );
}

/** A report's card: its heading and help, then what it shows once its figures have come. */
function Section({
  title,
  help,
  pending,
  error,
  children,
}: {
  title: string;
  help?: string;
  pending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography component="h2" variant="h6">
              {title}
            </Typography>
            {help && (
              <Typography variant="body2" color="text.secondary">
                {help}
              </Typography>
            )}
          </Box>
          {error ? <Alert severity="error">{error.message}</Alert> : pending ? <LinearProgress aria-label={title} /> : children}
        </Stack>
      </CardContent>
    </Card>
  );
}

type ReportMethod = 'getFundMonthTotals' | 'getGiverBands' | 'getFirstTimeGivers' | 'getLapsedGivers';

/** A report's figures, asked for again when its parameters change; the last ones show meanwhile. */
function useReport<T>(method: ReportMethod, params: Record<string, unknown>) {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({
    queryKey: ['givingReports', method, params],
    queryFn: async () => (await api[method]<T>(params)).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the four reports have answered (or failed) at least once. They are drawn together: each
 * drawn as it came pushed the ones below down while they were read (layout shift 0.15 on a phone).
 */
function useReportsAnswered(period: Period, year: number) {
  const range = { From: period.from, To: period.to };
  const reports = [
    useReport('getFundMonthTotals', range),
    useReport('getGiverBands', range),
    useReport('getFirstTimeGivers', range),
    useReport('getLapsedGivers', { Year: year }),
  ];
  return reports.every((r) => !r.isPending);
}

function FundMonths({ period }: { period: Period }) {
  const translate = useTranslate();
  const { data, isPending, error } = useReport<FundMonthTotals>('getFundMonthTotals', { From: period.from, To: period.to });
  const title = translate(tp('fund_months'));
  const rows = data?.rows ?? [];
  const months = [...new Set(rows.map((r) => r.month))];
  const funds = [...new Map(rows.map((r) => [r.fundId, r.fundName])).entries()];
  return (
    <Section title={title} pending={isPending} error={error}>
      {!rows.length ? (
        <Typography color="text.secondary">{translate(tp('none'))}</Typography>
      ) : (
        <>
          <Box role="img" aria-label={translate(tp('fund_months_chart'))}>
            <BarChart
              height={280}
              xAxis={[{ data: months.map(monthName), scaleType: 'band' }]}
              yAxis={[{ valueFormatter: (v: number) => compactMoney(v) }]}
              series={funds.map(([fundId, fundName]) => ({
                label: fundName,
                stack: 'funds',
                data: months.map((m) => rows.find((r) => r.month === m && r.fundId === fundId)?.amount ?? 0),
                valueFormatter: (v: number | null) => (v === null ? '' : money(v)),
              }))}
            />
          </Box>
          <ReportTable
            name={title}
            rows={rows}
            columns={[
              { label: translate(tp('month')), cell: (r) => monthName(r.month), csv: (r) => r.month },
              { label: translate(tp('fund')), cell: (r) => r.fundName, csv: (r) => r.fundName },
              { label: translate(tp('total')), cell: (r) => money(r.amount), csv: (r) => koboCell(r.amount) },
            ]}
          />
        </>
      )}
    </Section>
  );
}

/** A band in words: 'Under ₦10,000', '₦10,000 to under ₦50,000', '₦1,000,000 and above'. */
function useBandName() {
  const translate = useTranslate();
  return (b: Pick<GiverBand, 'min' | 'max'>) =>
    b.max === null
      ? translate(tp('band_over'), { min: money(b.min) })
      : b.min <= GIVER_BANDS[0].min
        ? translate(tp('band_under'), { max: money(b.max) })
        : translate(tp('band_range'), { min: money(b.min), max: money(b.max) });
}

function Bands({ period }: { period: Period }) {
  const translate = useTranslate();
  const bandName = useBandName();
  const { data, isPending, error } = useReport<GiverBands>('getGiverBands', { From: period.from, To: period.to });
  const title = translate(tp('bands'));
  const bands = data?.bands ?? [];
  return (
    <Section title={title} pending={isPending} error={error}>
      <Box role="img" aria-label={translate(tp('bands_chart'))}>
        <BarChart
          height={260}
          xAxis={[{ data: bands.map(bandName), scaleType: 'band' }]}
          series={[{ data: bands.map((b) => b.givers), label: translate(tp('givers')) }]}
        />
      </Box>
      <ReportTable
        name={title}
        rows={bands}
        columns={[
          { label: translate(tp('band')), cell: bandName, csv: bandName },
          { label: translate(tp('givers')), cell: (b) => b.givers.toLocaleString(intlLocale()), csv: (b) => b.givers },
          { label: translate(tp('total')), cell: (b) => money(b.amount), csv: (b) => koboCell(b.amount) },
        ]}
      />
    </Section>
  );
}

/** A count of givers by month as bars, with its label. */
function MonthBars({ days, label }: { days: string[]; label: string }) {
  const translate = useTranslate();
  const { months, counts } = countByMonth(days);
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        height={240}
        xAxis={[{ data: months.map(monthName), scaleType: 'band' }]}
        series={[{ data: counts, label: translate(tp('givers')) }]}
      />
    </Box>
  );
}

function FirstTime({ period }: { period: Period }) {
  const translate = useTranslate();
  const { data, isPending, error } = useReport<FirstTimeGivers>('getFirstTimeGivers', { From: period.from, To: period.to });
  const title = translate(tp('first_time'));
  const rows = data?.rows ?? [];
  return (
    <Section title={title} help={translate(tp('first_time_help'))} pending={isPending} error={error}>
      <Typography>{translate(tp('givers_count'), { smart_count: data?.total ?? 0 })}</Typography>
      {rows.length > 0 && <MonthBars days={rows.map((r) => r.firstDate)} label={translate(tp('first_time_chart'))} />}
      <ReportTable
        name={title}
        rows={rows}
        total={data?.total}
        columns={[
          { label: translate(tp('giver')), cell: (r) => giverLabel(r, translate), csv: (r) => giverLabel(r, translate) },
          { label: translate(tp('first_date')), cell: (r) => shortDay(r.firstDate), csv: (r) => r.firstDate },
          { label: translate(tp('total')), cell: (r) => money(r.amount), csv: (r) => koboCell(r.amount) },
        ]}
      />
    </Section>
  );
}

function Lapsed({ year }: { year: number }) {
  const translate = useTranslate();
  const { data, isPending, error } = useReport<LapsedGivers>('getLapsedGivers', { Year: year });
  const title = translate(tp('lapsed'));
  const rows = data?.rows ?? [];
  return (
    <Section title={title} help={translate(tp('lapsed_help'), { last: year - 1, year })} pending={isPending} error={error}>
      <Typography>{translate(tp('givers_count'), { smart_count: data?.total ?? 0 })}</Typography>
      {rows.length > 0 && <MonthBars days={rows.map((r) => r.lastDate)} label={translate(tp('lapsed_chart'))} />}
      <ReportTable
        name={title}
        rows={rows}
        total={data?.total}
        columns={[
          { label: translate(tp('giver')), cell: (r) => giverLabel(r, translate), csv: (r) => giverLabel(r, translate) },
          { label: translate(tp('last_date')), cell: (r) => shortDay(r.lastDate), csv: (r) => r.lastDate },
          {
            label: translate(tp('given_in'), { year: year - 1 }),
            cell: (r) => money(r.lastYearAmount),
            csv: (r) => koboCell(r.lastYearAmount),
          },
        ]}
      />
    </Section>
  );
}

/**
 * /giving/reports (CAN_VIEW_GIVING): totals by fund and month, givers by band and first-time
 * givers over a period (this year by default), and lapsed givers of a year; each a chart and a
 * table with its CSV export. The server adds up; the screen draws (docs/decisions/0234).
 */
export function GivingReportsPage() {
  const translate = useTranslate();
  const year = new Date().getFullYear();
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [lapsedYear, setLapsedYear] = useState(String(year));
  // The reports follow the period once it is whole and in order.
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const [period, setPeriod] = useState<Period>({ from, to });
  const wholeYear = /^\d{4}$/.test(lapsedYear) ? Number(lapsedYear) : year;
  const answered = useReportsAnswered(period, wholeYear);
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeader title={translate('flock.routes.givingReports.title')} subtitle={translate(tp('reports_intro'))} />
      <Card>
        <CardContent>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) setPeriod({ from, to });
            }}
          >
            <TextField
              type="date"
              label={translate(tp('from'))}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={translate(tp('to'))}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={!valid}
              helperText={!valid ? translate(tp('ends_before')) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained" disabled={!valid} sx={{ minHeight: 56 }}>
              {translate(tp('show'))}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {answered ? (
        <>
          <FundMonths period={period} />
          <Bands period={period} />
          <FirstTime period={period} />
          <Card>
            <CardContent>
              <TextField
                label={translate(tp('year'))}
                value={lapsedYear}
                onChange={(e) => setLapsedYear(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
            </CardContent>
          </Card>
          <Lapsed year={wholeYear} />
        </>
      ) : (
        <LinearProgress aria-label={translate('flock.routes.givingReports.title')} />
      )}
    </Stack>
  );
}
