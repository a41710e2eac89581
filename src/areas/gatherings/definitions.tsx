import { useTranslate } from 'react-admin';
import { EVENT_TYPES, GATHERING_STATUSES, OUTREACH_STATUSES, type OutreachStatus } from '@/domain/gatherings/statuses';
import { bookingSchema, eventFormSchema, outreachSchema, venueSchema } from '@/domain/gatherings/schemas';
import type { ApiRecord, ColumnDef, CrudDefinition, FieldDef } from '@/src/common/crud';
import { GatheringStatus } from './decisions';

/** The forms and columns of venues, bookings, event requests and outreach requests, read by the generic list and forms. */

const STATUS_COLUMN: ColumnDef = {
  source: 'status',
  sortable: true,
  render: (r: ApiRecord) => <GatheringStatus status={r.status as OutreachStatus} />,
};
const listed = (source: string): ColumnDef => ({ source, render: (r: ApiRecord) => (r[source] ?? []).join(', ') });
const time = (source: string): ColumnDef => ({ source, render: (r: ApiRecord) => String(r[source] ?? '').slice(0, 5) });
const VENUE: FieldDef = { source: 'venueId', kind: 'reference', reference: 'venues', optionText: 'name' };

export const VENUES: CrudDefinition = {
  resource: 'venues',
  nameField: 'name',
  schema: venueSchema,
  fields: [
    { source: 'name', kind: 'text' },
    { source: 'address', kind: 'text' },
    { source: 'capacity', kind: 'number' },
    { source: 'facilities', kind: 'tags' },
    { source: 'accessories', kind: 'tags' },
    { source: 'availabilityNotes', kind: 'multiline' },
    { source: 'isActive', kind: 'boolean' },
  ],
  columns: [
    { source: 'name', sortable: true },
    { source: 'address' },
    { source: 'capacity', kind: 'number', sortable: true },
    listed('facilities'),
    listed('accessories'),
    { source: 'isActive', kind: 'boolean', sortable: true },
  ],
};

/** Part of the requester's name or email; the server searches both. */
const REQUESTER: FieldDef = { source: 'requester', kind: 'text' };

export const BOOKINGS: CrudDefinition = {
  resource: 'venueBookings',
  nameField: 'purpose',
  schema: bookingSchema,
  fields: [
    VENUE,
    { source: 'bookingDate', kind: 'date' },
    { source: 'startTime', kind: 'time' },
    { source: 'endTime', kind: 'time' },
    { source: 'purpose', kind: 'text' },
    { source: 'expectedAttendance', kind: 'number' },
  ],
  columns: [
    { source: 'venueName', sortable: true },
    { source: 'bookingDate', kind: 'date', sortable: true },
    time('startTime'),
    time('endTime'),
    { source: 'purpose' },
    { source: 'requesterName' },
    STATUS_COLUMN,
    { source: 'decisionComment' },
  ],
  filters: [VENUE, { source: 'status', kind: 'select', choices: GATHERING_STATUSES, labels: 'flock.gatherings.statuses' }, REQUESTER],
};

const EVENT_TYPE: FieldDef = { source: 'eventType', kind: 'select', choices: EVENT_TYPES, labels: 'flock.gatherings.eventTypes' };

export const EVENTS: CrudDefinition = {
  resource: 'events',
  nameField: 'peopleConcerned',
  schema: eventFormSchema,
  fields: [
    EVENT_TYPE,
    { source: 'eventDate', kind: 'date' },
    { source: 'peopleConcerned', kind: 'multiline' },
    { source: 'notes', kind: 'multiline' },
    VENUE,
    { source: 'startTime', kind: 'time' },
    { source: 'endTime', kind: 'time' },
    { source: 'expectedAttendance', kind: 'number' },
  ],
  columns: [
    { source: 'eventType', sortable: true, render: (r: ApiRecord) => <EventTypeLabel type={r.eventType} /> },
    { source: 'eventDate', kind: 'date', sortable: true },
    { source: 'peopleConcerned' },
    { source: 'venueName' },
    time('startTime'),
    STATUS_COLUMN,
    { source: 'decisionComment' },
  ],
  filters: [EVENT_TYPE, { source: 'status', kind: 'select', choices: GATHERING_STATUSES, labels: 'flock.gatherings.statuses' }],
};

/** The office's queue: who asked, too. */
export const ALL_EVENTS: CrudDefinition = {
  ...EVENTS,
  resource: 'allEvents',
  columns: [{ source: 'requesterName' }, ...EVENTS.columns],
  filters: [...(EVENTS.filters ?? []), REQUESTER],
};

export const OUTREACH: CrudDefinition = {
  resource: 'outreach',
  nameField: 'title',
  schema: outreachSchema,
  fields: [
    { source: 'title', kind: 'text' },
    { source: 'purpose', kind: 'multiline' },
    { source: 'state', kind: 'text' },
    { source: 'lga', kind: 'text' },
    { source: 'address', kind: 'text' },
    { source: 'outreachDate', kind: 'date' },
    { source: 'startTime', kind: 'time' },
    { source: 'teamIds', kind: 'members', namesSource: 'team' },
    { source: 'materials', kind: 'multiline' },
    { source: 'accessories', kind: 'tags' },
    { source: 'budget', kind: 'number' },
  ],
  columns: [
    { source: 'title', sortable: true },
    { source: 'outreachDate', kind: 'date', sortable: true },
    { source: 'address' },
    { source: 'requesterName' },
    { source: 'team', render: (r: ApiRecord) => (r.team ?? []).map((m: { fullName: string }) => m.fullName).join(', ') },
    { source: 'budget', kind: 'number' },
    STATUS_COLUMN,
    { source: 'decisionComment' },
  ],
  filters: [{ source: 'status', kind: 'select', choices: OUTREACH_STATUSES, labels: 'flock.gatherings.statuses' }, REQUESTER],
};

/** A member's own outreach requests, filed from the Events page. */
export const MY_OUTREACH: CrudDefinition = {
  ...OUTREACH,
  resource: 'myOutreach',
  // The team picker searches the member directory, which members may not read.
  fields: OUTREACH.fields.filter((f) => f.source !== 'teamIds'),
  columns: OUTREACH.columns.filter((c) => c.source !== 'requesterName'),
  filters: OUTREACH.filters?.filter((f) => f !== REQUESTER),
};

function EventTypeLabel({ type }: { type: string }) {
  return <>{useTranslate()(`flock.gatherings.eventTypes.${type}`)}</>;
}
