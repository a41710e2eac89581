import { P } from '@/domain/roles/permissions';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Box, Tab, Tabs } from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import { AddButton, CrudFormDialog, EmptyNote, CrudList, PageHeader, TableList, type DialogState } from '@/src/common/crud';
import { inputOf } from '@/src/common/crud/inputs';
import { BookingCalendar } from './BookingCalendar';
import { DecideButtons, DecisionDialog, type Deciding, type PendingRecord } from './decisions';
import { BOOKINGS, VENUES } from './definitions';
import { HistoryButton, HistoryDialog, type Viewing } from './history';
import { OwnPendingActions } from './rows';

type Booking = PendingRecord & {
  venueName: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
  purpose: string;
  requesterName: string;
};
const TABS = ['venues', 'bookings', 'calendar'] as const;
type TabKey = (typeof TABS)[number];

const describe = (b: Booking) =>
  `${b.requesterName}: ${b.venueName}, ${b.bookingDate} ${b.startTime.slice(0, 5)}–${b.endTime.slice(0, 5)} (${b.purpose})`;

/** The bookings: filters, the office's decisions, and the caller's own pending ones to change or withdraw. */
function BookingList() {
  const api = useDataProvider<FlockDataProvider>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const add = <AddButton resource="venueBookings" onClick={() => setDialog({ mode: 'create' })} />;
  return (
    <>
      <TableList
        resource="venueBookings"
        columns={BOOKINGS.columns}
        filters={[
          ...(BOOKINGS.filters ?? []).map((f) => inputOf(f, { alwaysOn: true })),
          inputOf({ source: 'from', kind: 'date' }, { alwaysOn: true }),
          inputOf({ source: 'to', kind: 'date' }, { alwaysOn: true }),
        ]}
        sort={{ field: 'bookingDate', order: 'DESC' }}
        toolbar={add}
        empty={<EmptyNote text="resources.venueBookings.empty" action={add} />}
        rowActions={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <HistoryButton onOpen={setViewing} name={(r) => describe(r as Booking)} />
            <DecideButtons onDecide={setDeciding} right={P.approveVenues} name={(r) => describe(r as Booking)} />
            <OwnPendingActions onEdit={(id) => setDialog({ mode: 'edit', id })} name={(r) => (r as Booking).purpose} />
          </Box>
        }
      />
      <CrudFormDialog definition={BOOKINGS} state={dialog} onClose={() => setDialog(null)} />
      {viewing && <HistoryDialog viewing={viewing} load={api.bookingDetail} onClose={() => setViewing(null)} />}
      {deciding && (
        <DecisionDialog
          deciding={deciding}
          summary={describe(deciding.record as Booking)}
          call={(p) => api.decideBooking(p)}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}

/** /venue-management: the venues, their bookings with the decisions, and the calendar (month and week). */
export function VenueManagementPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabKey>('venues');
  return (
    <>
      <PageHeader title={translate('flock.routes.venues.title')} subtitle={translate('flock.gatherings.venues_intro')} />
      <Tabs value={tab} onChange={(_e, key: TabKey) => setTab(key)} sx={{ mb: 1 }} variant="scrollable">
        {TABS.map((key) => (
          <Tab key={key} value={key} label={translate(`flock.gatherings.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'venues' && <CrudList definition={VENUES} />}
      {tab === 'bookings' && <BookingList />}
      {tab === 'calendar' && <BookingCalendar />}
    </>
  );
}
