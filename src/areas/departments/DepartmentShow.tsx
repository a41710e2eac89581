import { useState } from 'react';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Tab, Tabs, Typography } from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { PageHeader, type ApiRecord } from '@/src/common/crud';
import { MemberTable } from '@/src/common/MemberTable';
import { DelistDialog } from './DelistDialog';
import { DelistedMembers } from './DelistedMembers';
import { useAllows } from '@/src/authProvider/useAllows';
import { PeopleBulkActions } from '@/src/areas/people/PeopleBulkActions';

type Member = { id: string; fullName: string; isHead: boolean; isPrimaryDepartment: boolean };

/** The head and primary markers of a member row. */
function Markers() {
  const translate = useTranslate();
  const member = useRecordContext<Member>();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {member?.isHead && <Chip size="small" color="primary" label={translate('flock.departments.head_marker')} />}
      {member?.isPrimaryDepartment && <Chip size="small" variant="outlined" label={translate('flock.departments.primary_marker')} />}
    </Box>
  );
}

/** Opens the delist dialog for the row's member; a head cannot be delisted, so has none. */
function DelistButton({ onDelist }: { onDelist: (member: Member) => void }) {
  const translate = useTranslate();
  const member = useRecordContext<Member>();
  if (!member || member.isHead) return null;
  return (
    <Button
      size="small"
      color="error"
      startIcon={<PersonRemoveIcon />}
      onClick={() => onDelist(member)}
      aria-label={`${translate('flock.departments.delist')} ${member.fullName}`}
    >
      {translate('flock.departments.delist')}
    </Button>
  );
}

function Members({ department, canDelist }: { department: ApiRecord; canDelist: boolean }) {
  const [delisting, setDelisting] = useState<Member | null>(null);
  return (
    <>
      <MemberTable
        resource="departmentMembers"
        filter={{ departmentId: department.id }}
        extraColumns={[{ source: 'isPrimaryDepartment', render: () => <Markers /> }]}
        rowActions={canDelist ? <DelistButton onDelist={setDelisting} /> : undefined}
        // The server checks each action: a head acts on their department's people (docs/decisions/0222).
        bulkActions={<PeopleBulkActions filter={{ departmentId: department.id }} selectAll="getMatchingDepartmentMembers" />}
        emptyText="flock.departments.no_members"
      />
      {delisting && <DelistDialog member={delisting} departmentName={department.departmentName} onClose={() => setDelisting(null)} />}
    </>
  );
}

function HeadCard({ department }: { department: ApiRecord }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {translate('flock.departments.head')}
          </Typography>
          <Typography>
            {department.hodName ? (
              <Link component={RouterLink} to={`/profile/${department.hodId}`}>
                {department.hodName}
              </Link>
            ) : (
              translate('flock.departments.no_head')
            )}
          </Typography>
        </Box>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {translate('flock.departments.member_count')}
          </Typography>
          <Typography>{department.memberCount ?? 0}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /departments/view/{name}/{id}/{hodid}: the department, its head, its members with delisting,
 * and those delisted with undo. The head shown is the department's own (it may have changed
 * since the link was made); the name in the address titles the page while it loads.
 */
export function DepartmentShow() {
  const translate = useTranslate();
  const { name = '', id = '' } = useParams();
  const [tab, setTab] = useState(0);
  const { data: department, error } = useGetOne<ApiRecord>('departments', { id });
  const canDelist = useAllows('departmentMembers', 'delist');
  const back = (
    <Button component={RouterLink} to="/departments">
      {translate('flock.departments.back')}
    </Button>
  );
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <>
      <PageHeader title={department?.departmentName ?? name} subtitle={department?.description} actions={back} />
      {department && (
        <>
          <HeadCard department={department} />
          <Tabs value={tab} onChange={(_e, value: number) => setTab(value)} sx={{ mb: 1 }} variant="scrollable">
            <Tab label={translate('flock.departments.members_tab')} />
            <Tab label={translate('flock.departments.delisted_tab')} />
          </Tabs>
          {tab === 0 ? (
            <Members department={department} canDelist={canDelist} />
          ) : (
            <DelistedMembers departmentId={id} canUndo={canDelist} />
          )}
        </>
      )}
    </>
  );
}
