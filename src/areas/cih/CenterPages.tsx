import { useState } from 'react';
import { CreateBase, useGetOne, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { CrudForm, CrudFormDialog, CrudPage, PageHeader, useSavedEffect, type ApiRecord, type DialogState } from '@/src/common/crud';
import { CIH_ROLE_COLUMN, MemberTable } from '@/src/common/MemberTable';
import { CenterFacts } from './CenterFacts';
import { CENTER_PATHS, CENTERS } from './definitions';
import { useAllows } from '@/src/authProvider/useAllows';
import { HeldUntil } from '@/src/common/HeldUntil';
import { PeopleBulkActions } from '@/src/areas/people/PeopleBulkActions';

/** /cih/centers: every center with its zone and member count, filtered by zone. */
export const CenterList = () => <CrudPage definition={CENTERS} />;

/** /cih/centers/center: a new center; saved, it opens on its own page. */
export function CenterCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const created = useSavedEffect('flock.crud.created', (center) => navigate(CENTER_PATHS.underCenters(center)));
  return (
    <>
      <PageHeader title={translate('flock.routes.cihCenterForm.title')} subtitle={translate('flock.cih.create_intro')} />
      <Card sx={{ maxWidth: 600 }}>
        <CreateBase resource="centers" redirect={false} mutationOptions={{ onSuccess: created }}>
          <CrudForm definition={CENTERS} variant="page" onCancel={() => navigate('/cih/centers')} />
        </CreateBase>
      </Card>
    </>
  );
}

function EditCenterButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  const canAccess = useAllows('centers', 'edit');
  if (!canAccess) return null;
  return (
    <Button startIcon={<EditIcon />} onClick={onClick}>
      {translate('flock.cih.edit_center')}
    </Button>
  );
}

/** /cih/zones/center/{id} and /cih/centers/center/{id}: one center, its details and its members. */
export function CenterShow() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const [dialog, setDialog] = useState<DialogState>(null);
  const { data: center, error } = useGetOne<ApiRecord>('centers', { id });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <>
      <PageHeader
        title={center?.centerName ?? translate('flock.routes.cihCenterDetail.title')}
        actions={<EditCenterButton onClick={() => setDialog({ mode: 'edit', id })} />}
      />
      <HeldUntil ready={!!center}>
        {center && <CenterFacts center={center} memberCount={center.memberCount ?? 0} />}
        <MemberTable
          filter={{ centerId: id }}
          extraColumns={[CIH_ROLE_COLUMN]}
          // The member list's actions on a selection, 'all that match' within the center (docs/decisions/0222).
          bulkActions={<PeopleBulkActions filter={{ centerId: id }} selectAll="getMatchingMembers" />}
          emptyText="flock.cih.no_center_members"
        />
      </HeldUntil>
      <CrudFormDialog definition={CENTERS} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
