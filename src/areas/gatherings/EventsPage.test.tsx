// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { EventsPage } from './EventsPage';

const api = fakeApi();

const MEMBER = ['CAN_UPDATE_MEMBERS'];
const OFFICE = ['CAN_VIEW_EVENTS', 'CAN_APPROVE_EVENTS'];
const event = (id: string, extra: object = {}) => ({
  id,
  eventType: 'babyDedication',
  eventDate: '2031-02-01',
  peopleConcerned: 'Tobi Ade; Ada and Femi Ade',
  venueName: 'Main Hall',
  startTime: '10:00:00',
  requesterName: 'Tolu Bello',
  userId: 'u-tolu',
  status: 'pending',
  ...extra,
});

function show(permissions: string[], mine: object[] = [], all: object[] = []) {
  signInWith(permissions, { id: 'u-tolu', fullName: 'Tolu Bello', roles: ['member'] });
  api.on('GET /Event/GetUserEvents', () => rows(mine));
  api.on('GET /Event/GetAllEvents', () => rows(all));
  api.on('GET /Venue/GetAllVenue', () => rows([{ id: 'v1', name: 'Main Hall' }]));
  renderScreen(<EventsPage />, { path: '/events' });
}

describe('/events', () => {
  it("shows a member their own requests without the office's queue, and lets them withdraw a pending one", async () => {
    show(MEMBER, [event('e1')]);
    const row = await findRow('Tobi Ade; Ada and Femi Ade');
    expect(within(row).getByText('Baby dedication')).toBeTruthy();
    expect(await within(row).findByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Office queue' })).toBeNull();
    expect(api.callsTo('GET /Event/GetAllEvents')).toEqual([]);
  });

  it('files a request of the chosen type, with the type as RequestType', async () => {
    show(MEMBER);
    api.on('PUT /Event/RequestForEvent', (call) => ok(event('e2', { ...(call.body as object) })));
    fireEvent.click(await screen.findByRole('button', { name: 'Add event request' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Burial ceremony' }));
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2031-03-03' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /People concerned/ }), { target: { value: 'Late Mr Musa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /Event/RequestForEvent')).toHaveLength(1));
    const [call] = api.callsTo('PUT /Event/RequestForEvent');
    expect(call.query).toEqual({ requestType: 'burialCeremony' });
    expect(call.body).toMatchObject({ eventDate: '2031-03-03', peopleConcerned: 'Late Mr Musa' });
  });

  it("gives the office its queue, where it decides the others' requests, not its own", async () => {
    show(OFFICE, [], [event('e3', { requesterName: 'Kemi Ade', userId: 'u-kemi' }), event('e4', { peopleConcerned: 'Own child' })]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Office queue' }));
    api.on('PUT /Event/ApproveOrRejectEvent', () => ok(event('e3', { status: 'approved' }), { message: 'Request approved' }));
    fireEvent.click(await within(await findRow('Kemi Ade')).findByRole('button', { name: /^Approve: Kemi Ade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request' });
    expect(within(dialog).getByText(/Kemi Ade: Baby dedication, 2031-02-01, Main Hall/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved')).toBeTruthy();
    expect(api.callsTo('PUT /Event/ApproveOrRejectEvent')[0].query).toEqual({ Id: 'e3', Approve: 'true' });
    expect(within(await findRow('Own child')).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });
});

describe('/events: history, the requester filter, and outreach for members', () => {
  it("shows a request's history in a dialog: who filed and decided it, when, with the comment", async () => {
    show(MEMBER, [event('e5', { status: 'rejected' })]);
    api.on('GET /Event/GetEventById', () =>
      ok({
        ...event('e5', { status: 'rejected' }),
        history: [
          { id: 'h1', action: 'create', actorName: 'Tolu Bello', comment: null, at: '2031-01-01T09:00:00Z' },
          { id: 'h2', action: 'reject', actorName: 'Kemi Office', comment: 'The hall is being painted', at: '2031-01-02T10:00:00Z' },
        ],
      }),
    );
    fireEvent.click(await within(await findRow('Tobi Ade; Ada and Femi Ade')).findByRole('button', { name: /^History: Tobi Ade/ }));
    const dialog = await screen.findByRole('dialog', { name: /^History: Tobi Ade/ });
    expect(await within(dialog).findByText('Filed by Tolu Bello')).toBeTruthy();
    expect(within(dialog).getByText('Rejected by Kemi Office')).toBeTruthy();
    expect(within(dialog).getByText(/Comment: The hall is being painted/)).toBeTruthy();
    expect(api.callsTo('GET /Event/GetEventById')[0].query).toEqual({ Id: 'e5' });
  });

  it("filters the office's queue by the requester", async () => {
    show(OFFICE, [], [event('e6', { requesterName: 'Kemi Ade', userId: 'u-kemi' })]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Office queue' }));
    await findRow('Kemi Ade');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Requester (name or email)' }), { target: { value: 'kemi@' } });
    await waitFor(() => expect(api.callsTo('GET /Event/GetAllEvents').some((c) => c.query?.Requester === 'kemi@')).toBe(true));
  });

  it('lets a member without the outreach office rights request an outreach and see their own', async () => {
    show(MEMBER);
    api.on('GET /Outreach/GetAllOutreachRequests', () => rows([]));
    api.on('POST /Outreach/RequestForOutreach', (call) => ok({ id: 'o1', status: 'pending', userId: 'u-tolu', ...(call.body as object) }));
    fireEvent.click(await screen.findByRole('tab', { name: 'My outreach' }));
    expect(await screen.findByText(/You have asked for no outreach yet/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /Outreach/GetAllOutreachRequests')[0]?.query).toMatchObject({ Mine: 'true' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Request an outreach' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: /Team/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Market walk' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Purpose/ }), { target: { value: 'Evangelism' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Community or address/ }), { target: { value: 'Oja, Ikeja' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2031-06-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /Outreach/RequestForOutreach')).toHaveLength(1));
    expect(api.callsTo('POST /Outreach/RequestForOutreach')[0].body).toMatchObject({ title: 'Market walk', outreachDate: '2031-06-06' });
  });
});
