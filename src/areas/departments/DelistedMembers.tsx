import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { EmptyNote, TableList, type ApiRecord, type ColumnDef } from '@/src/common/crud';

/** Who was delisted, why, by whom and when (GetDelistedMembers). */
const DELISTED_COLUMNS: ColumnDef[] = [
  { source: 'fullName', sortable: true, link: (row) => `/profile/${row.userId}` },
  { source: 'email' },
  { source: 'reason' },
  { source: 'delistedByName' },
  { source: 'delistedAt', kind: 'date', sortable: true },
];

/** Puts the member back in the department (DELETE DelistMemberFromDepartment). */
function UndoButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlockDataProvider>();
  const row = useRecordContext<ApiRecord>();
  const { loading, run } = useRemoteOperation();
  if (!row) return null;
  const undo = async () => {
    const outcome = await run(() => dataProvider.undoDelisting({ userId: row.userId, departmentName: row.departmentName }));
    if (!outcome.ok) return notify(outcome.error.message, { type: 'error' });
    notify('flock.departments.undone', { type: 'success' });
    refresh();
  };
  return (
    <Button
      size="small"
      startIcon={<UndoIcon />}
      loading={loading}
      onClick={undo}
      aria-label={`${translate('flock.departments.undo')} ${row.fullName}`}
    >
      {translate('flock.departments.undo')}
    </Button>
  );
}

/** The department's delisted members, each with an undo for those who may delist. */
export function DelistedMembers({ departmentId, canUndo }: { departmentId: string; canUndo: boolean }) {
  return (
    <TableList
      resource="delistedMembers"
      columns={DELISTED_COLUMNS}
      filter={{ departmentId }}
      rowActions={canUndo ? <UndoButton /> : undefined}
      empty={<EmptyNote text="flock.departments.no_delisted" />}
      nested
    />
  );
}
