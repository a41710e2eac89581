import type { ReactNode } from 'react';
import { useGetList, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Grid, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { MemberRequest } from '@/domain/common/records';
import { readUser } from '@/src/authProvider/session';
import { EVERY_ROW } from '@/src/common/roles/useRoles';
import { existsIn, useMemberRecord, type ProfileUser } from '@/src/areas/profile/useProfile';
import { REQUEST_TABS, usePendingCount } from '@/src/areas/requests/pendingCounts';
import { targetText } from '@/src/areas/requests/requestText';

type Affiliation = { id: string; cihZone?: string | null; centerName?: string | null };
type Biodata = { id: string; [field: string]: unknown };
type MemberDepartment = { id: string; departmentName: string; isPrimaryDepartment: boolean };
type Department = { id: string; departmentName: string; hodId: string | null; memberCount: number };

/** What a complete profile holds: the Personal Information fields a member is asked for first. */
const PROFILE_FIELDS = ['dateOfBirth', 'maritalStatus', 'employmentStatus', 'address', 'nationality', 'stateOfOrigin', 'placeOfBirth'];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Card sx={{ height: '100%' }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

const To = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

/** The member's own requests still waiting for a decision. */
function MyPendingRequests() {
  const translate = useTranslate();
  const { data = [], total } = useGetList<MemberRequest>('myRequests', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { status: 'pending' },
  });
  return (
    <Panel title={translate('flock.overview.my_requests', { count: total ?? 0 })}>
      {data.length === 0 ? (
        <Typography color="text.secondary">{translate('flock.overview.no_pending')}</Typography>
      ) : (
        <List dense disablePadding>
          {data.map((request) => (
            <ListItem key={request.id} disableGutters>
              <ListItemText primary={translate(`flock.requests.kinds.${request.kind}`)} secondary={targetText(request)} />
            </ListItem>
          ))}
        </List>
      )}
      <To to="/requests">{translate('flock.overview.open_requests')}</To>
    </Panel>
  );
}

/** Where the member belongs: their departments, CIH zone and center, with what is still missing from the profile. */
function MyPlaceAndProfile({ userId }: { userId: string }) {
  const translate = useTranslate();
  const user = useMemberRecord<ProfileUser>('profiles', userId);
  const affiliation = useMemberRecord<Affiliation>('churchAffiliations', userId, existsIn(user.record, 'churchAffiliation'));
  const biodata = useMemberRecord<Biodata>('biodata', userId, existsIn(user.record, 'biodata'));
  const { data: departments = [] } = useGetList<MemberDepartment>('memberDepartments', { ...EVERY_ROW, filter: { userId } });
  const center = affiliation.record?.centerName;
  const missing = biodata.isPending ? [] : PROFILE_FIELDS.filter((field) => !biodata.record?.[field]);
  const names = departments.map((d) => d.departmentName).join(', ');
  return (
    <Panel title={translate('flock.overview.my_place')}>
      <Typography>
        {translate('flock.overview.department')}: {names || translate('flock.overview.none_yet')}
      </Typography>
      <Typography gutterBottom>
        {translate('flock.overview.center')}:{' '}
        {center ? `${center}, ${affiliation.record?.cihZone ?? ''}` : translate('flock.overview.none_yet')}
      </Typography>
      {missing.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
            {translate('flock.overview.complete_profile')}
          </Typography>
          <List dense disablePadding aria-label={translate('flock.overview.complete_profile')}>
            {missing.map((field) => (
              <ListItem key={field} disableGutters>
                <ListItemText primary={translate(`flock.profile.fields.${field}`)} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <To to={`/profile/${userId}`}>{translate('flock.overview.open_profile')}</To>
    </Panel>
  );
}

/** A head of department: the size of the departments they head. */
function HeadedDepartments({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { data = [] } = useGetList<Department>('departments', EVERY_ROW);
  const headed = data.filter((d) => d.hodId === userId);
  if (headed.length === 0) return null;
  return (
    <Panel title={translate('flock.overview.headed')}>
      {headed.map((d) => (
        <Typography key={d.id}>
          {translate('flock.overview.department_size', { name: d.departmentName, smart_count: d.memberCount })}
        </Typography>
      ))}
    </Panel>
  );
}

/** The requests waiting for this viewer's decision, per queue they decide. */
function Decisions() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const [, department, inspectorate, all] = REQUEST_TABS;
  const counts = [
    { tab: department, count: usePendingCount(department, permissions) },
    { tab: inspectorate, count: usePendingCount(inspectorate, permissions) },
    { tab: all, count: usePendingCount(all, permissions) },
  ];
  const shown = counts.filter((c) => c.count !== undefined);
  if (shown.length === 0) return null;
  return (
    <Panel title={translate('flock.overview.to_decide')}>
      {shown.map(({ tab, count }) => (
        <Typography key={tab.key}>
          {translate('flock.requests.tab_count', { name: translate(`flock.requests.tabs.${tab.key}`), count })}
        </Typography>
      ))}
      <To to="/requests">{translate('flock.overview.open_requests')}</To>
    </Panel>
  );
}

/** The overview's things to act on, for every role: one's requests, place and profile; a head's department; decisions. */
export function MyTasks() {
  const user = readUser();
  if (!user) return null;
  const heads = (user.roles ?? []).includes('hod');
  return (
    <Grid container spacing={2}>
      <MyPendingRequests />
      <MyPlaceAndProfile userId={user.id} />
      {heads && <HeadedDepartments userId={user.id} />}
      <Decisions />
    </Grid>
  );
}
