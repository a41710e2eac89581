import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { TableList } from '@/src/common/crud/TableList';
import type { ColumnDef } from '@/src/common/crud/types';
import { FamilyForm } from './FamilyForm';
import { t } from './memberInputs';

/** The list's columns (and the CSV's): the name opens the family page. */
const COLUMNS: ColumnDef[] = [
  { source: 'name', sortable: true, link: (r) => `/households/${r.id}` },
  { source: 'head' },
  { source: 'members', kind: 'number' },
  { source: 'address' },
];

/**
 * /households: the church's families, searched by the family's name, address or a member's name,
 * paged and exported; the office adds a family here in one form (docs/decisions/0213-households.md).
 */
export function HouseholdsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const mayEdit = useAllows('households', 'edit');
  const [adding, setAdding] = useState(false);
  const addButton = mayEdit && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
      {translate(t('add'))}
    </Button>
  );
  return (
    <>
      <PageHeader title={translate('flock.routes.households.title')} subtitle={translate(t('intro'))} actions={addButton} />
      <TableList
        resource="households"
        columns={COLUMNS}
        empty={<EmptyNote text={t(mayEdit ? 'empty_office' : 'empty')} action={addButton || null} />}
      />
      {adding && <FamilyForm onClose={() => setAdding(false)} onSaved={(household) => navigate(`/households/${household.id}`)} />}
    </>
  );
}
