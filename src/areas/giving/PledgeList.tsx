import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { pledgePercent, type Pledge } from '@/domain/giving/pledges';
import { useAllows } from '@/src/authProvider/useAllows';
import { EmptyNote, TableList } from '@/src/common/crud';
import type { ApiRecord, ColumnDef } from '@/src/common/crud/types';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';
import type { FlockDataProvider } from '@/src/dataProvider';
import { koboCell, money } from './money';
import { PledgeForm } from './PledgeForm';
import { PledgeProgress } from './PledgeProgress';
import { tp } from './pledgeText';

/** The columns, and the CSV's: amounts as figures a spreadsheet adds up, progress as a whole per cent. */
const COLUMNS: ColumnDef[] = [
  { source: 'giverName', sortable: true },
  { source: 'fundName' },
  { source: 'campaignName' },
  { source: 'amount', sortable: true, render: (r) => money(r.amount, r.currency), csv: (r) => koboCell(r.amount) },
  { source: 'given', sortable: true, render: (r) => money(r.given, r.currency), csv: (r) => koboCell(r.given) },
  { source: 'progress', render: (r) => <PledgeProgress pledge={r as Pledge} />, csv: (r) => pledgePercent(r as Pledge) },
  { source: 'startsOn', kind: 'date', sortable: true },
  { source: 'endsOn', kind: 'date', sortable: true },
  { source: 'note' },
];

/** Edit and delete on a pledge's row, for counters; delete asks a second tap. */
function PledgeActions() {
  const translate = useTranslate();
  const record = useRecordContext<ApiRecord>();
  const api = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const edits = useAllows('pledges', 'edit');
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const { loading, run } = useRemoteOperation();
  if (!record || !edits) return null;
  const name = record.giverName ?? '';
  const remove = async () => {
    const outcome = await run(() => api.deletePledge({ id: record.id }));
    notify(outcome.ok ? tp('pledge_deleted') : outcome.error.message, { type: outcome.ok ? 'success' : 'error' });
    setAsking(false);
    refresh();
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button
        startIcon={<EditIcon />}
        onClick={() => setEditing(true)}
        aria-label={translate(tp('edit_named'), { name })}
        sx={{ minHeight: 44 }}
      >
        {translate('ra.action.edit')}
      </Button>
      {asking ? (
        <Button color="error" variant="contained" onClick={remove} loading={loading} sx={{ minHeight: 44 }}>
          {translate(tp('delete_confirm'), { name })}
        </Button>
      ) : (
        <Button color="error" onClick={() => setAsking(true)} aria-label={translate(tp('delete_named'), { name })} sx={{ minHeight: 44 }}>
          {translate('ra.action.delete')}
        </Button>
      )}
      {editing && (
        <PledgeForm
          start={{ pledge: record as unknown as Pledge }}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}

/** Pledges with their progress (all, or a campaign's), searched, sorted, paged and exported as CSV. */
export function PledgeList({ campaignId }: { campaignId?: string }) {
  return (
    <TableList
      resource="pledges"
      columns={COLUMNS}
      filter={campaignId ? { campaignId } : undefined}
      nested={Boolean(campaignId)}
      empty={<EmptyNote text={tp('no_pledges')} />}
      rowActions={<PledgeActions />}
    />
  );
}
