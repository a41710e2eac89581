import { useCallback, useState, type ReactElement } from 'react';
import { DateInput, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { REPORT_STATUSES } from '@/domain/cihReports/schemas';
import { RemoteSelectInput } from '@/src/common/peopleFilters';
import type { FlockDataProvider } from '@/src/dataProvider';
import { EmptyNote, PageHeader, TableList, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { AttendanceFigures, FiguresState, useFigures, type CihFigures } from './AttendanceFigures';
import { InspectionForm } from './InspectionForm';
import { codeColumn, ToMyCenter, useCodeFilter } from './listParts';
import { NotReported } from './NotReported';
import { useAllows } from '@/src/authProvider/useAllows';
import { HeldUntil } from '@/src/common/HeldUntil';

const t = (key: string) => `flock.cihReports.${key}`;

const zoneLink = (r: Record<string, unknown>) => `/cih/reports/centers/${String(r.zoneId)}/${encodeURIComponent(String(r.zoneName ?? ''))}`;

const REPORT_COLUMNS: ColumnDef[] = [
  { source: 'reportDate', kind: 'date', sortable: true },
  { source: 'centerName', sortable: true },
  { source: 'zoneName', link: zoneLink },
  { source: 'topic' },
  { source: 'presentCount', kind: 'number' },
  { source: 'membersCount', kind: 'number' },
  { source: 'soulsWon', kind: 'number', sortable: true },
  codeColumn('status', true),
  { source: 'authorName' },
];

const INSPECTION_COLUMNS: ColumnDef[] = [
  { source: 'visitDate', kind: 'date', sortable: true },
  { source: 'centerName', sortable: true },
  { source: 'zoneName' },
  { source: 'punctuality', kind: 'number' },
  { source: 'venueCondition', kind: 'number' },
  { source: 'leadership', kind: 'number' },
  { source: 'materials', kind: 'number' },
  { source: 'averageScore', kind: 'number' },
  { source: 'remarks' },
  { source: 'authorName' },
];

const MEETING_COLUMNS: ColumnDef[] = [
  { source: 'meetingDate', kind: 'date', sortable: true },
  { source: 'centerName', sortable: true },
  { source: 'zoneName' },
  { source: 'presentCount', kind: 'number', sortable: true },
  { source: 'absentCount', kind: 'number' },
  { source: 'membersCount', kind: 'number', sortable: true },
  { source: 'visitorCount', kind: 'number' },
  { source: 'firstTimerCount', kind: 'number' },
  { source: 'takenByName' },
];

/** Center, zone, date range (and, for reports, the status filter given): the report lists' filters. */
function reportFilters(withZone: boolean, status?: ReactElement) {
  return [
    ...(withZone ? [<RemoteSelectInput key="zoneId" source="zoneId" reference="zoneChoices" optionText="zoneName" alwaysOn />] : []),
    <RemoteSelectInput key="centerId" source="centerId" reference="centerChoices" optionText="centerName" alwaysOn />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    ...(status ? [status] : []),
  ];
}

/** The three lists, shown together once each has its first page: one after another they pushed each other down as they came (CLS 0.45 on a phone). */
function ReportLists({ zoneId, version = 0 }: { zoneId?: string; version?: number }) {
  const translate = useTranslate();
  const filter = zoneId ? { zoneId } : undefined;
  const status = useCodeFilter('status', REPORT_STATUSES);
  const [loaded, setLoaded] = useState(0);
  const oneLoaded = useCallback(() => setLoaded((n) => n + 1), []);
  return (
    <HeldUntil ready={loaded >= 3}>
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="activity-reports">
          <Typography id="activity-reports" component="h2" variant="h6">
            {translate(t('activity_reports'))}
          </Typography>
          <TableList
            resource="cihReports"
            columns={REPORT_COLUMNS}
            filter={filter}
            filters={reportFilters(!zoneId, status)}
            empty={<EmptyNote text={t('reports_empty')} action={<ToMyCenter />} />}
            onLoaded={oneLoaded}
          />
        </Box>
        <Box component="section" aria-labelledby="meetings">
          <Typography id="meetings" component="h2" variant="h6">
            {translate(t('meetings'))}
          </Typography>
          <TableList
            resource="cihAttendance"
            columns={MEETING_COLUMNS}
            filter={filter}
            filters={reportFilters(!zoneId)}
            empty={<EmptyNote text={t('meetings_empty')} action={<ToMyCenter />} />}
            nested
            onLoaded={oneLoaded}
          />
        </Box>
        <Box component="section" aria-labelledby="inspections">
          <Typography id="inspections" component="h2" variant="h6">
            {translate(t('inspections'))}
          </Typography>
          <TableList
            key={version}
            resource="cihInspections"
            columns={INSPECTION_COLUMNS}
            filter={filter}
            filters={reportFilters(!zoneId)}
            empty={<EmptyNote text={t('inspections_empty')} />}
            nested
            onLoaded={oneLoaded}
          />
        </Box>
      </Stack>
    </HeldUntil>
  );
}

/** /cih/reports/centers: every center's activity reports and meetings in the caller's reach, with filters and export. */
export function CenterReports(): ReactElement {
  const translate = useTranslate();
  const [version, setVersion] = useState(0);
  return (
    <>
      <PageHeader title={translate('flock.routes.cihReportsCenters.title')} subtitle={translate(t('centers_intro'))} />
      <Stack spacing={3}>
        <InspectionForm onSaved={() => setVersion((v) => v + 1)} />
        <ReportLists version={version} />
      </Stack>
    </>
  );
}

/** /cih/reports/centers/{zoneId}/{name}: one zone's figures and charts, then its centers' reports. */
export function ZoneCenterReports(): ReactElement {
  const translate = useTranslate();
  const { zoneId = '', name = '' } = useParams();
  const dataProvider: FlockDataProvider = useDataProvider<FlockDataProvider>();
  const churchWide = useAllows('centers', 'view');
  const figures: { data?: CihFigures; error?: string } = useFigures(
    () => dataProvider.getZoneCihStats<CihFigures>({ ZoneId: zoneId }),
    zoneId,
  );
  return (
    <>
      <PageHeader title={decodeURIComponent(name)} subtitle={translate('flock.routes.cihReportsZoneCenters.title')} />
      {churchWide && (figures.data ? <AttendanceFigures figures={figures.data} /> : <FiguresState error={figures.error} />)}
      {/* The figures' height is known only once they arrive: the lists below wait for them rather than be pushed down (CLS 0.73 on a phone). */}
      <HeldUntil ready={!churchWide || Boolean(figures.data ?? figures.error)}>
        <Box sx={{ mt: 3 }}>
          <ReportLists zoneId={zoneId} />
        </Box>
      </HeldUntil>
    </>
  );
}

type ZoneRow = {
  zoneId: string;
  zoneName: string;
  centers: number;
  meetings: number;
  present: number;
  members: number;
  attendanceRate: number | null;
};
type Dashboard = CihFigures & { zones: ZoneRow[]; notReportedThisWeek: ApiRecord[]; centerCount: number };

/** The zones with their figures, each opening its centers' reports. */
function ZoneTable({ zones }: { zones: ZoneRow[] }) {
  const translate = useTranslate();
  return (
    <List dense>
      {zones.map((z) => (
        <ListItem key={z.zoneId} divider>
          <ListItemText
            primary={
              <Link component={RouterLink} to={zoneLink(z)}>
                {z.zoneName}
              </Link>
            }
            secondary={translate(t('zone_line'), {
              centers: z.centers,
              meetings: z.meetings,
              present: z.present,
              rate: z.attendanceRate === null ? '–' : `${z.attendanceRate}%`,
            })}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** /cih/reports/zones: the church's figures and charts, each zone's, and the centers that did not meet this week. */
export function ZoneReports(): ReactElement {
  const translate = useTranslate();
  const dataProvider: FlockDataProvider = useDataProvider<FlockDataProvider>();
  const figures: { data?: Dashboard; error?: string } = useFigures(() => dataProvider.getCihDashboardStats<Dashboard>(), 'church');
  return (
    <>
      <PageHeader title={translate('flock.routes.cihReportsZones.title')} subtitle={translate(t('zones_intro'))} />
      {figures.data ? (
        <Stack spacing={2}>
          <AttendanceFigures figures={figures.data} />
          <NotReported centers={figures.data.notReportedThisWeek} />
          <ZoneTable zones={figures.data.zones} />
        </Stack>
      ) : (
        <FiguresState error={figures.error} />
      )}
    </>
  );
}
