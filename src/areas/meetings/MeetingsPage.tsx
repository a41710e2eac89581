import { useMemo, useState } from 'react';
import { DateInput, useTranslate } from 'react-admin';
import { Button, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { MEETING_KINDS } from '@/domain/meetings/schemas';
import { selectFilter } from '@/src/common/peopleFilters';
import { EmptyNote, PageHeader } from '@/src/common/crud';
import { TableList } from '@/src/common/crud/TableList';
import type { ColumnDef } from '@/src/common/crud/types';
import { MeetingDetail } from './MeetingDetail';
import { MeetingDialog } from './MeetingDialog';
import { useAllows } from '@/src/authProvider/useAllows';
import { formatInstant } from '@/src/i18n/formats';

function Label({ k }: { k: string }) {
  return <>{useTranslate()(k)}</>;
}

/** /meetings: upcoming and past meetings one called or is invited to; a meeting opens its agenda, minutes and attendance. */
export function MeetingsPage() {
  const translate = useTranslate();
  const creates = useAllows('meetings', 'create');
  const edits = useAllows('meetings', 'edit');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo<ColumnDef[]>(
    () => [
      {
        source: 'title',
        sortable: true,
        render: (r) => (
          <Link component="button" type="button" onClick={() => setOpen(r.id)} sx={{ textAlign: 'left' }}>
            {r.title}
          </Link>
        ),
      },
      { source: 'kind', sortable: true, render: (r) => <Label k={`flock.meetings.kinds.${r.kind}`} /> },
      {
        source: 'startsAt',
        sortable: true,
        render: (r) => formatInstant(r.startsAt, { dateStyle: 'medium', timeStyle: 'short' }),
      },
      { source: 'venue' },
      { source: 'inviteeCount', kind: 'number' },
      { source: 'createdByName' },
    ],
    [],
  );
  const filters = [
    selectFilter('upcoming', ['true', 'false'], (v) => translate(v === 'true' ? 'flock.meetings.upcoming' : 'flock.meetings.past')),
    selectFilter('kind', MEETING_KINDS, (k) => translate(`flock.meetings.kinds.${k}`)),
    <DateInput key="from" source="from" alwaysOn={false} />,
    <DateInput key="to" source="to" alwaysOn={false} />,
  ];
  return (
    <>
      <PageHeader
        title={translate('flock.routes.meetings.title')}
        subtitle={translate('flock.meetings.intro')}
        actions={
          creates && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {translate('flock.meetings.add')}
            </Button>
          )
        }
      />
      <TableList
        resource="meetings"
        columns={columns}
        filters={filters}
        sort={{ field: 'startsAt', order: 'DESC' }}
        empty={<EmptyNote text="flock.meetings.empty" />}
      />
      {adding && <MeetingDialog onClose={() => setAdding(false)} />}
      {open && <MeetingDetail id={open} canEdit={!!edits} onClose={() => setOpen(null)} />}
    </>
  );
}
