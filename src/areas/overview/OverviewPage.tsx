import { memo, useEffect, type ReactElement } from 'react';
import { useDataProvider, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Box, Card, CardActionArea, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentIcon from '@mui/icons-material/Assignment';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useAllowed, useAllows } from '@/src/authProvider/useAllows';
import { readUser } from '@/src/authProvider/session';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import { REQUEST_TABS, usePendingCount } from '@/src/areas/requests/pendingCounts';
import { CihOverview } from '@/src/areas/cihReports/CihOverview';
import { MyTasks } from './MyTasks';
import { UpcomingMeetings } from '@/src/areas/meetings/UpcomingMeetings';
import { CelebrationsCard } from '@/src/areas/celebrations/CelebrationsCard';
import { intlLocale } from '@/src/i18n/formats';

type DashboardStats = { members: number; firstTimers: number; departments: number; zones: number };

/** Each count opens its list (the descriptor named `resource`), for those who may open it. */
const COUNTS: Array<{ key: keyof DashboardStats; icon: ReactElement; resource: string; to: string }> = [
  { key: 'members', icon: <PeopleIcon />, resource: 'members', to: '/members-management' },
  { key: 'firstTimers', icon: <PersonAddIcon />, resource: 'firstTimers', to: '/first-timers' },
  { key: 'departments', icon: <AccountTreeIcon />, resource: 'departments', to: '/departments' },
  { key: 'zones', icon: <MapIcon />, resource: 'zones', to: '/cih/zones' },
];

const PENDING_ICON = <AssignmentIcon />;

/**
 * A count card; until its count arrives, a placeholder of the number's size holds its place.
 * Memoised: each answer that reaches the cards (the counts, the pending requests) redraws only
 * the cards it changes, not all five (docs/decisions/0253).
 */
const CountCard = memo(function CountCard({ icon, count, label, to }: { icon: ReactElement; count?: number; label: string; to?: string }) {
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box>
        <Typography variant="h4" component="p">
          {count === undefined ? <Skeleton width="2em" sx={{ display: 'inline-block' }} /> : count.toLocaleString(intlLocale())}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
});

/**
 * The counts of GetAdminDashboardStats as cards, with loading and error states. The cards are
 * laid out before the counts arrive, so what follows them on the page does not jump down.
 */
function StatsCards() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const { success, error, run } = useRemoteOperation<CustomResult<DashboardStats>>();
  const { permissions = [] } = usePermissions<string[]>();
  const allowed = useAllowed();
  const allRequests = REQUEST_TABS[3];
  const pending = usePendingCount(allRequests, permissions);
  useEffect(() => {
    run(() => dataProvider.getAdminDashboardStats<DashboardStats>());
  }, [dataProvider, run]);

  if (error) return <Alert severity="error">{translate('flock.overview.stats_error', { message: error })}</Alert>;
  // Until the counts arrive, and after a 401 while react-admin logs out ({data: {}}), none shows.
  const stats = success?.data?.members === undefined ? undefined : success.data;
  return (
    <Grid container spacing={2} aria-busy={!stats}>
      {COUNTS.map(({ key, icon, resource, to }) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 'grow' }}>
          <CountCard icon={icon} count={stats?.[key]} label={translate(`flock.overview.${key}`)} to={allowed(resource) ? to : undefined} />
        </Grid>
      ))}
      {allRequests.mayShow(permissions) && (
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <CountCard icon={PENDING_ICON} count={pending} label={translate('flock.overview.pending')} to="/requests" />
        </Grid>
      )}
    </Grid>
  );
}

/** The signed-in user's roles, platform and CIH, translated; 'Member' when there are none. */
function useRoleNames(): string[] {
  const translate = useTranslate();
  const user = readUser();
  const roles = [...(user?.roles ?? []), ...(user?.cihRole ? [user.cihRole] : [])];
  if (roles.length === 0) return [translate('flock.overview.default_role')];
  return roles.map((role) => translate(`flock.roles.${role}`, { _: role }));
}

/** /overview and /home: who is signed in, and the dashboard counts for those allowed them. */
export function OverviewPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const roles = useRoleNames();
  const seesStats = useAllows('dashboardStats');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('flock.overview.greeting', { name: identity?.fullName ?? '' })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">{translate('flock.overview.roles')}</Typography>
            {roles.map((role) => (
              <Chip key={role} label={role} size="small" />
            ))}
          </Stack>
        </CardContent>
      </Card>
      {seesStats && (
        <Box component="section" aria-labelledby="overview-statistics">
          <Typography id="overview-statistics" component="h2" variant="h6" gutterBottom>
            {translate('flock.overview.statistics')}
          </Typography>
          <StatsCards />
        </Box>
      )}
      <MyTasks />
      {/* Above the house-fellowship figures, which appear later: below them it was pushed out of view (CLS 0.19 on a phone). */}
      <CelebrationsCard />
      <CihOverview />
      <UpcomingMeetings />
    </Stack>
  );
}
