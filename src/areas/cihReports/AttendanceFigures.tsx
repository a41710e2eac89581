import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { intlLocale } from '@/src/i18n/formats';

/** A week of the statistics calls (GetCIHStats, GetZoneCIHStats, GetCIHDasboardStats). */
export type WeekPoint = {
  week: string;
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  sentToFirstTimers?: number;
  firstTimersConverted?: number;
  attendanceRate: number | null;
  conversionRate?: number | null;
};
export type CihFigures = {
  meetings: number;
  present: number;
  members: number;
  visitors: number;
  firstTimers: number;
  attendanceRate: number | null;
  sentToFirstTimers?: number;
  firstTimersConverted?: number;
  conversionRate?: number | null;
  openFollowUps: number;
  activityReports: { submitted: number; drafts: number; soulsWon: number };
  series: WeekPoint[];
};

const CHART_HEIGHT = 240;
const t = (key: string) => `flock.cihReports.figures.${key}`;

const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card variant="outlined" role="group" aria-label={label}>
        <CardContent>
          <Typography variant="h5" component="p">
            {typeof value === 'number' ? value.toLocaleString(intlLocale()) : value}
          </Typography>
          <Typography color="text.secondary">{label}</Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

const percent = (value: number | null) => (value === null ? '–' : `${value}%`);

/** The totals of the last 26 weeks as cards, then attendance over time, its rate, and first-timers with their conversion as charts. */
export function AttendanceFigures({ figures }: { figures: CihFigures }) {
  const translate = useTranslate();
  const rows = figures.series.map((p) => ({
    ...p,
    label: weekLabel(p.week),
    rate: p.attendanceRate ?? 0,
    converted: p.firstTimersConverted ?? 0,
  }));
  const rate = percent(figures.attendanceRate);
  return (
    <Box>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Figure label={translate(t('meetings'))} value={figures.meetings} />
        <Figure label={translate(t('present'))} value={figures.present} />
        <Figure label={translate(t('rate'))} value={rate} />
        <Figure label={translate(t('first_timers'))} value={figures.firstTimers} />
        <Figure label={translate(t('sent_to_first_timers'))} value={figures.sentToFirstTimers ?? 0} />
        <Figure label={translate(t('converted'))} value={figures.firstTimersConverted ?? 0} />
        <Figure label={translate(t('conversion_rate'))} value={percent(figures.conversionRate ?? null)} />
        <Figure label={translate(t('visitors'))} value={figures.visitors} />
        <Figure label={translate(t('reports_submitted'))} value={figures.activityReports.submitted} />
        <Figure label={translate(t('souls_won'))} value={figures.activityReports.soulsWon} />
        <Figure label={translate(t('open_follow_ups'))} value={figures.openFollowUps} />
      </Grid>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate(t('no_meetings'))}</Typography>
      ) : (
        <Grid container spacing={2}>
          <ChartCard id="cih-over-time" title={translate(t('over_time'))}>
            <LineChart
              height={CHART_HEIGHT}
              dataset={rows}
              xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
              series={[
                { dataKey: 'present', label: translate(t('present')) },
                { dataKey: 'members', label: translate(t('members')) },
              ]}
            />
          </ChartCard>
          <ChartCard id="cih-rate-trend" title={translate(t('rate_trend'))}>
            <LineChart
              height={CHART_HEIGHT}
              dataset={rows}
              xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
              yAxis={[{ min: 0, max: 100 }]}
              series={[{ dataKey: 'rate', label: translate(t('rate')), valueFormatter: (v) => (v === null ? '' : `${v}%`) }]}
            />
          </ChartCard>
          <ChartCard id="cih-conversion" title={translate(t('conversion_trend'))}>
            <BarChart
              height={CHART_HEIGHT}
              dataset={rows}
              xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
              series={[
                { dataKey: 'firstTimers', label: translate(t('first_timers')) },
                { dataKey: 'converted', label: translate(t('converted')) },
              ]}
            />
          </ChartCard>
        </Grid>
      )}
    </Box>
  );
}

/** One chart in its card, a region named by its title. */
function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Card variant="outlined" component="section" aria-labelledby={id}>
        <CardContent>
          <Typography id={id} component="h3" variant="subtitle1">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** Loads one statistics call and shows its figures, with loading and error states. */
export function useFigures<T>(load: () => Promise<{ data: T }>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    setState({});
    load().then(
      (result) => setState({ data: result.data }),
      (error: Error) => setState({ error: error.message }),
    );
    // key names what is loaded; load is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

export function FiguresState({ error }: { error?: string }) {
  const translate = useTranslate();
  if (error) return <Alert severity="error">{error}</Alert>;
  return <CircularProgress aria-label={translate('flock.loading')} />;
}
