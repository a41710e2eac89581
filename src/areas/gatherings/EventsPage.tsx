import { P } from '@/domain/roles/permissions';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Box, Button, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { FlockDataProvider } from '@/src/dataProvider';
import { AddButton, CrudFormDialog, EmptyNote, PageHeader, TableList, type DialogState } from '@/src/common/crud';
import { inputOf } from '@/src/common/crud/inputs';
import { DecideButtons, DecisionDialog, type Deciding, type PendingRecord } from './decisions';
import { ALL_EVENTS, EVENTS, MY_OUTREACH } from './definitions';
import { HistoryButton, HistoryDialog, type Viewing } from './history';
import { OwnPendingActions } from './rows';
import { useAllows } from '@/src/authProvider/useAllows';

type EventRecord = PendingRecord & {
  eventType: string;
  eventDate: string;
  peopleConcerned: string;
  requesterName: string;
  venueName?: string;
};

const dateFilters = [
  inputOf({ source: 'from', kind: 'date' }, { alwaysOn: true }),
  inputOf({ source: 'to', kind: 'date' }, { alwaysOn: true }),
];
const filtersOf = (definition = EVENTS) => [...(definition.filters ?? []).map((f) => inputOf(f, { alwaysOn: true })), ...dateFilters];

/** The member's own requests: file one (with a venue or not), change or withdraw it while pending. */
function MyEvents() {
  const api = useDataProvider<FlockDataProvider>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const name = (r: PendingRecord) => (r as EventRecord).peopleConcerned;
  const add = <AddButton resource="events" onClick={() => setDialog({ mode: 'create' })} />;
  return (
    <>
      <TableList
        resource="events"
        columns={EVENTS.columns}
        filters={filtersOf()}
        sort={{ field: 'createdAt', order: 'DESC' }}
        toolbar={add}
        empty={<EmptyNote text="resources.events.empty" action={add} />}
        rowActions={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <HistoryButton onOpen={setViewing} name={name} />
            <OwnPendingActions onEdit={(id) => setDialog({ mode: 'edit', id })} name={name} />
          </Box>
        }
      />
      <CrudFormDialog definition={EVENTS} state={dialog} onClose={() => setDialog(null)} />
      {viewing && <HistoryDialog viewing={viewing} load={api.eventDetail} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The office's queue: every request, decided with its booking. */
function OfficeQueue() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const describe = (e: EventRecord) =>
    `${e.requesterName}: ${translate(`flock.gatherings.eventTypes.${e.eventType}`)}, ${e.eventDate}${e.venueName ? `, ${e.venueName}` : ''} (${e.peopleConcerned})`;
  return (
    <>
      <TableList
        resource="allEvents"
        columns={ALL_EVENTS.columns}
        filters={filtersOf(ALL_EVENTS)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        empty={<EmptyNote text="resources.allEvents.empty" />}
        rowActions={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <HistoryButton onOpen={setViewing} name={(r) => describe(r as EventRecord)} />
            <DecideButtons onDecide={setDeciding} right={P.approveEvents} name={(r) => describe(r as EventRecord)} />
          </Box>
        }
      />
      {viewing && <HistoryDialog viewing={viewing} load={api.eventDetail} onClose={() => setViewing(null)} />}
      {deciding && (
        <DecisionDialog
          deciding={deciding}
          summary={describe(deciding.record as EventRecord)}
          call={(p) => api.decideEvent(p)}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

type OutreachRecord = PendingRecord & { title: string };

/**
 * Every member's outreach requests, filed here: /outreach is the office's (CAN_VIEW_OUTREACH),
 * and the server shows a member only the outreach they filed or go on.
 */
function MyOutreach() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const name = (r: PendingRecord) => (r as OutreachRecord).title;
  const add = (
    <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
      {translate('flock.gatherings.request_outreach')}
    </Button>
  );
  return (
    <>
      <TableList
        resource="myOutreach"
        columns={MY_OUTREACH.columns}
        filter={{ mine: true }}
        filters={[...(MY_OUTREACH.filters ?? []).map((f) => inputOf(f, { alwaysOn: true })), ...dateFilters]}
        sort={{ field: 'createdAt', order: 'DESC' }}
        toolbar={add}
        empty={<EmptyNote text="resources.myOutreach.empty" action={add} />}
        rowActions={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <HistoryButton onOpen={setViewing} name={name} />
            <OwnPendingActions onEdit={(id) => setDialog({ mode: 'edit', id })} name={name} />
          </Box>
        }
      />
      <CrudFormDialog definition={MY_OUTREACH} state={dialog} onClose={() => setDialog(null)} />
      {viewing && <HistoryDialog viewing={viewing} load={api.outreachDetail} onClose={() => setViewing(null)} />}
    </>
  );
}

type TabKey = 'mine' | 'outreach' | 'office';

/** /events: baby christenings and dedications, house warmings, thanksgivings and burials: one's own requests, and the office's queue. */
export function EventsPage() {
  const translate = useTranslate();
  const office = useAllows('allEvents', 'view');
  const [tab, setTab] = useState<TabKey>('mine');
  const current = office || tab !== 'office' ? tab : 'mine';
  return (
    <>
      <PageHeader title={translate('flock.routes.events.title')} subtitle={translate('flock.gatherings.events_intro')} />
      <Tabs value={current} onChange={(_e, key: TabKey) => setTab(key)} sx={{ mb: 1 }} variant="scrollable">
        <Tab value="mine" label={translate('flock.gatherings.tabs.mine')} />
        <Tab value="outreach" label={translate('flock.gatherings.tabs_my_outreach')} />
        {office && <Tab value="office" label={translate('flock.gatherings.tabs.office')} />}
      </Tabs>
      {current === 'mine' && <MyEvents />}
      {current === 'outreach' && <MyOutreach />}
      {current === 'office' && <OfficeQueue />}
    </>
  );
}
