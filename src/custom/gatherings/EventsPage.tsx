import { P } from '@/domain/permissions';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Tab, Tabs } from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import { AddButton, CrudFormDialog, PageHeader, TableList, type DialogState } from '@/src/resources/crud';
import { inputOf } from '@/src/resources/crud/inputs';
import { DecideButtons, DecisionDialog, type Deciding, type PendingRecord } from './decisions';
import { ALL_EVENTS, EVENTS } from './definitions';
import { Empty, OwnPendingActions } from './rows';

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
const filtersOf = () => [...(EVENTS.filters ?? []).map((f) => inputOf(f, { alwaysOn: true })), ...dateFilters];

/** The member's own requests: file one (with a venue or not), change or withdraw it while pending. */
function MyEvents() {
  const [dialog, setDialog] = useState<DialogState>(null);
  const add = <AddButton resource="events" onClick={() => setDialog({ mode: 'create' })} />;
  return (
    <>
      <TableList
        resource="events"
        columns={EVENTS.columns}
        filters={filtersOf()}
        sort={{ field: 'createdAt', order: 'DESC' }}
        toolbar={add}
        empty={<Empty text="resources.events.empty" action={add} />}
        rowActions={<OwnPendingActions onEdit={(id) => setDialog({ mode: 'edit', id })} name={(r) => (r as EventRecord).peopleConcerned} />}
      />
      <CrudFormDialog definition={EVENTS} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** The office's queue: every request, decided with its booking. */
function OfficeQueue() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const describe = (e: EventRecord) =>
    `${e.requesterName}: ${translate(`flock.gatherings.eventTypes.${e.eventType}`)}, ${e.eventDate}${e.venueName ? `, ${e.venueName}` : ''} (${e.peopleConcerned})`;
  return (
    <>
      <TableList
        resource="allEvents"
        columns={ALL_EVENTS.columns}
        filters={filtersOf()}
        sort={{ field: 'createdAt', order: 'DESC' }}
        empty={<Empty text="resources.allEvents.empty" />}
        rowActions={<DecideButtons onDecide={setDeciding} right={P.approveEvents} name={(r) => describe(r as EventRecord)} />}
      />
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

/** /events: baby christenings and dedications, house warmings, thanksgivings and burials: one's own requests, and the office's queue. */
export function EventsPage() {
  const translate = useTranslate();
  const { canAccess: office } = useCanAccess({ resource: 'allEvents', action: 'view' });
  const [tab, setTab] = useState<'mine' | 'office'>('mine');
  const current = office ? tab : 'mine';
  return (
    <>
      <PageHeader title={translate('flock.routes.events.title')} subtitle={translate('flock.gatherings.events_intro')} />
      {office && (
        <Tabs value={current} onChange={(_e, key: 'mine' | 'office') => setTab(key)} sx={{ mb: 1 }} variant="scrollable">
          <Tab value="mine" label={translate('flock.gatherings.tabs.mine')} />
          <Tab value="office" label={translate('flock.gatherings.tabs.office')} />
        </Tabs>
      )}
      {current === 'mine' ? <MyEvents /> : <OfficeQueue />}
    </>
  );
}
