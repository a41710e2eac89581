import { startTransition, useEffect, useState } from 'react';
import {
  DataTable,
  ExportButton,
  ListContextProvider,
  Pagination,
  ResourceContextProvider,
  TopToolbar,
  useDataProvider,
  useList,
  useTranslate,
} from 'react-admin';
import { Alert, Card, CardContent, CircularProgress, Grid, Typography } from '@mui/material';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import { cellOf, ColumnCards, EmptyNote, PageHeader, useCsvExporter, type ApiRecord, type ColumnDef } from '@/src/common/crud';
import { usePhone } from '@/src/common/RecordCards';
import { Later } from '@/src/common/Later';
import { CIH_ROLE_COLUMN, MEMBER_COLUMNS } from '@/src/common/MemberTable';
import { CenterFacts } from './CenterFacts';
import { PeopleBulkActions } from '@/src/areas/people/PeopleBulkActions';
import { CenterWork } from '@/src/areas/cihReports/CenterWork';
import { onWorkerTakesOver } from '@/src/offline/serviceWorker';

type MyCenterData = { center: ApiRecord; members: ApiRecord[]; leaders: ApiRecord[] };
type Loaded = { data: MyCenterData } | { notInCenter: true } | { error: string };

const MEMBERS_PER_PAGE = 10;
const MEMBER_TABLE: ColumnDef[] = [...MEMBER_COLUMNS, CIH_ROLE_COLUMN].map((column) => ({ ...column, sortable: true }));

/** GetMyCenter once; a 404 means the caller has no center, which is a state, not an error. */
function useMyCenter(): Loaded | undefined {
  const dataProvider = useDataProvider<FlockDataProvider>();
  const [loaded, setLoaded] = useState<Loaded>();
  // Read again once the service worker runs, so it keeps the answer for a visit without signal.
  const [round, setRound] = useState(0);
  useEffect(() => onWorkerTakesOver(() => setRound((r) => r + 1)), []);
  useEffect(() => {
    dataProvider.getMyCenter<MyCenterData>().then(
      // A transition: the center's page renders in slices, not in one long task (docs/decisions/0252).
      (result: CustomResult<MyCenterData>) => startTransition(() => setLoaded({ data: result.data })),
      (error: { status?: number; message: string }) => setLoaded(error.status === 404 ? { notInCenter: true } : { error: error.message }),
    );
  }, [dataProvider, round]);
  return loaded;
}

function Leaders({ leaders }: { leaders: ApiRecord[] }) {
  const translate = useTranslate();
  if (leaders.length === 0) return <Typography color="text.secondary">{translate('flock.cih.no_leaders')}</Typography>;
  return (
    <Grid container spacing={2}>
      {leaders.map((leader) => (
        <Grid key={leader.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography sx={{ fontWeight: 600 }}>{leader.fullName}</Typography>
              <Typography color="primary">{translate(`flock.roles.${leader.cihRole}`, { _: leader.cihRole })}</Typography>
              <Typography color="text.secondary">{[leader.phoneNumber, leader.email].filter(Boolean).join(' · ')}</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/**
 * The center's members, sorted, paged and exported in the browser: GetMyCenter sends them all.
 * Its leader acts on a selection of them (docs/decisions/0229) with the actions their rights
 * offer (a pastor writes to their center's people, invites them to a meeting they called); the
 * selected rows, and 'all that match', are read from the members held here.
 */
function Members({ members }: { members: ApiRecord[] }) {
  const exporter = useCsvExporter('members', MEMBER_TABLE);
  // No resource: the selection stays this page's, not the member list's kept one (whose people may not be here).
  const list = useList({ data: members, perPage: MEMBERS_PER_PAGE, exporter });
  const phone = usePhone();
  if (members.length === 0) return <EmptyNote text="flock.cih.no_center_members" />;
  const bulkActions = <PeopleBulkActions rows={members} />;
  return (
    <ResourceContextProvider value="members">
      <ListContextProvider value={list}>
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
        {phone ? (
          <ColumnCards resource="members" columns={MEMBER_TABLE} bulkActions={bulkActions} />
        ) : (
          <DataTable bulkActionButtons={bulkActions} rowClick={false}>
            {MEMBER_TABLE.map((column) => cellOf('members', column))}
          </DataTable>
        )}
        <Pagination rowsPerPageOptions={[MEMBERS_PER_PAGE]} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** /cih/center: a CIH pastor's or coordinator's own center, its leaders and its members. */
export function MyCenter() {
  const translate = useTranslate();
  const loaded = useMyCenter();
  const title = translate('flock.routes.cihCenter.title');
  if (!loaded) return <CircularProgress aria-label={translate('flock.loading')} sx={{ mt: 3 }} />;
  if ('error' in loaded) return <Alert severity="error">{loaded.error}</Alert>;
  if ('notInCenter' in loaded) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="info">{translate('flock.cih.no_center')}</Alert>
      </>
    );
  }
  const { center, members, leaders } = loaded.data;
  return (
    <>
      <PageHeader title={center.centerName} subtitle={title} />
      <CenterFacts center={center} memberCount={members.length} />
      <CenterWork centerId={center.id} members={members} />
      {/* Below the attendance on a phone: rendered after the center's work (CenterWork). */}
      <Later steps={3}>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('flock.cih.leaders')}
        </Typography>
        <Leaders leaders={leaders} />
        <Typography component="h2" variant="h6" sx={{ mt: 3 }} gutterBottom>
          {translate('flock.cih.members')}
        </Typography>
        <Members members={members} />
      </Later>
    </>
  );
}
