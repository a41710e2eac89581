import { useState } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import type { FirstTimerStats as Stats } from '@/domain/common/records';
import { Alert, Box, Card, CardContent, Grid, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { intlLocale } from '@/src/i18n/formats';

type Period = 'week' | 'month';

const CHART_HEIGHT = 240;

/** 'Mar 3' for a week starting then, 'Mar 2025' for a month (the server's buckets are UTC). */
function bucketLabel(period: Period, key: string): string {
  const date = new Date(period === 'week' ? `${key}T00:00:00Z` : `${key}-01T00:00:00Z`);
  const parts: Intl.DateTimeFormatOptions = period === 'week' ? { month: 'short', day: 'numeric' } : { month: 'short', year: 'numeric' };
  return date.toLocaleDateString(intlLocale(), { ...parts, timeZone: 'UTC' });
}

/** A count; until it arrives, a placeholder of the number's size holds its place. */
function Count({ label, value }: { label: string; value?: number }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card variant="outlined" role="group" aria-label={label}>
        <CardContent>
          <Typography variant="h4" component="p">
            {value === undefined ? <Skeleton width="2em" sx={{ display: 'inline-block' }} /> : value.toLocaleString(intlLocale())}
          </Typography>
          <Typography color="text.secondary">{label}</Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** Arrivals and how many of them converted, by week or by month. */
function ArrivalsChart({ stats }: { stats?: Stats }) {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>('week');
  const rows = !stats
    ? []
    : period === 'week'
      ? stats.byWeek.map((b) => ({ ...b, label: bucketLabel('week', b.weekStart) }))
      : stats.byMonth.map((b) => ({ ...b, label: bucketLabel('month', b.month) }));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1">
            {translate('flock.people.first_timers.arrivals')}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={period} onChange={(_event, next: Period | null) => next && setPeriod(next)}>
            <ToggleButton value="week">{translate('flock.people.first_timers.by_week')}</ToggleButton>
            <ToggleButton value="month">{translate('flock.people.first_timers.by_month')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {!stats ? (
          <Skeleton variant="rectangular" height={CHART_HEIGHT} />
        ) : (
          <BarChart
            height={CHART_HEIGHT}
            dataset={rows}
            xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
            series={[
              { dataKey: 'count', label: translate('flock.people.first_timers.came') },
              { dataKey: 'converted', label: translate('flock.people.first_timers.converted') },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

type Slice = { id: string; value: number; label: string };

function Pie({ title, slices }: { title: string; slices?: Slice[] }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1">
          {title}
        </Typography>
        {/* Each slice shows its number, not only its colour; a slice too thin for it leaves it to the legend. */}
        {slices ? (
          <PieChart height={CHART_HEIGHT / 1.5} series={[{ data: slices, innerRadius: 30, arcLabel: 'value', arcLabelMinAngle: 20 }]} />
        ) : (
          <Skeleton variant="rectangular" height={CHART_HEIGHT / 1.5} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The first-timers' numbers and charts: totals, arrivals by week or month, gender, converted or
 * not. They are laid out before the numbers arrive, so the list below does not jump down.
 */
export function FirstTimerStats() {
  const translate = useTranslate();
  // react-admin's refresh reloads it, so the numbers follow a conversion.
  const { data, error } = useGetOne<Stats & { id: string }>('firstTimerStats', { id: 'all' });
  if (error) return <Alert severity="error">{translate('flock.people.first_timers.stats_error', { message: error.message })}</Alert>;
  const stats = data?.byWeek ? data : undefined;
  const text = (key: string) => translate(`flock.people.first_timers.${key}`);
  const genders = stats?.byGender
    .filter((b) => b.count > 0)
    .map((b) => ({ id: b.gender, value: b.count, label: translate(`flock.people.genders.${b.gender}`, { _: b.gender }) }));
  return (
    <Grid container spacing={2} sx={{ mb: 2 }} component="section" aria-label={text('stats')} aria-busy={!stats}>
      <Count label={text('total')} value={stats?.total} />
      <Count label={text('converted')} value={stats?.converted} />
      <Count label={text('not_converted')} value={stats?.notConverted} />
      <Count label={text('this_month')} value={stats && (stats.byMonth.at(-1)?.count ?? 0)} />
      <Grid size={{ xs: 12, md: 6 }}>
        <ArrivalsChart stats={stats} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Pie title={text('by_gender')} slices={genders} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Pie
          title={text('conversion')}
          slices={
            stats && [
              { id: 'converted', value: stats.converted, label: text('converted') },
              { id: 'notConverted', value: stats.notConverted, label: text('not_converted') },
            ]
          }
        />
      </Grid>
    </Grid>
  );
}
