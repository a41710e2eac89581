import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { ConfirmCallButton } from '@/src/common/ConfirmCallButton';
import { useRoleLabel } from '@/src/common/roles/useRoles';
import type { FlockDataProvider } from '@/src/dataProvider';
import { EmptyNote, PageHeader, TableList, type ColumnDef } from '@/src/common/crud';
import { MEMBER_SORTS } from '@/src/common/MemberTable';
import { ArchiveMemberDialog } from './ArchiveMemberDialog';

/** The member's roles (the summary joins their names) in the app's words. */
function RoleNames() {
  const roleLabel = useRoleLabel();
  const member = useRecordContext<{ userRole?: string | null }>();
  return <>{member?.userRole?.split(', ').map(roleLabel).join(', ')}</>;
}

const COLUMNS: ColumnDef[] = [
  { source: 'fullName', render: (member) => <Link to={`/profile/${member.id}`}>{member.fullName}</Link> },
  { source: 'email' },
  { source: 'phoneNumber' },
  { source: 'location' },
  { source: 'userRole', render: () => <RoleNames /> },
];

/** Brings the row's member back into the member lists and counts (RestoreMember), after a confirmation. */
function RestoreButton() {
  const member = useRecordContext<{ id: string; fullName: string }>();
  const dataProvider = useDataProvider<FlockDataProvider>();
  if (!member) return null;
  return (
    <ConfirmCallButton
      action="flock.people.archived.restore"
      args={{ name: member.fullName }}
      call={() => dataProvider.restoreMember({ userId: member.id })}
      icon={<UnarchiveIcon />}
    />
  );
}

/** /demise, 'Archived users': the archived members (GetAllDemise) with search and paging; restore one, or archive another. */
export function DemiseList() {
  const translate = useTranslate();
  const [archiving, setArchiving] = useState(false);
  const archive = (
    <Button variant="contained" size="small" startIcon={<ArchiveIcon />} onClick={() => setArchiving(true)}>
      {translate('flock.people.archived.archive_title')}
    </Button>
  );
  return (
    <>
      <PageHeader title={translate('flock.routes.demise.title')} subtitle={translate('flock.people.archived.intro')} />
      <TableList
        resource="demise"
        columns={COLUMNS}
        sortFields={MEMBER_SORTS}
        toolbar={archive}
        rowActions={<RestoreButton />}
        empty={<EmptyNote text="flock.people.archived.empty" action={archive} />}
      />
      {archiving && <ArchiveMemberDialog onClose={() => setArchiving(false)} />}
    </>
  );
}
