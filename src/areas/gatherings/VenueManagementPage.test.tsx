// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, findRow, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { dayKey } from './calendarDays';
import { VenueManagementPage } from './VenueManagementPage';

const api = fakeApi();

const OFFICE = ['CAN_VIEW_VENUES', 'CAN_CREATE_VENUES', 'CAN_UPDATE_VENUES', 'CAN_DELETE_VENUES', 'CAN_APPROVE_VENUES'];
const HALL = {
  id: 'v1',
  name: 'Main Hall',
  address: '1 Church Road',
  capacity: 300,
  facilities: ['Projector'],
  accessories: [],
  isActive: true,
};
const today = dayKey(new Date());
const booking = (id: string, extra: object = {}) => ({
  id,
  venueId: 'v1',
  venueName: 'Main Hall',
  bookingDate: today,
  startTime: '10:00:00',
  endTime: '12:00:00',
  purpose: 'Youth rally',
  requesterName: 'Tolu Bello',
  userId: 'u-tolu',
  status: 'pending',
  ...extra,
});

function show(bookings: object[], permissions = OFFICE) {
  signInWith(permissions);
  api.on('GET /Venue/GetAllVenue', () => rows([HALL]));
  api.on('GET /Venue/GetAllVenueRequests', () => rows(bookings));
  renderScreen(<VenueManagementPage />, { path: '/venue-management' });
}

describe('/venue-management', () => {
  it('lists the venues with their facilities', async () => {
    show([]);
    const row = await findRow('Main Hall');
    expect(within(row).getByText('Projector')).toBeTruthy();
    expect(within(row).getByText('300')).toBeTruthy();
  });

  it('shows a clash refusal inside the decision dialog, naming the booking, and keeps it open', async () => {
    show([booking('b1')]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bookings' }));
    api.on('PUT /Venue/ApproveOrRejectVenueRequest', () =>
      refusal(409, 'Main Hall is already booked on 2030-05-04 from 09:00 to 11:00 for "Choir" (booking b0)'),
    );
    const row = await findRow('Youth rally');
    fireEvent.click(await within(row).findByRole('button', { name: /^Approve: Tolu Bello/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/already booked .* \(booking b0\)/)).toBeTruthy();
    expect(api.callsTo('PUT /Venue/ApproveOrRejectVenueRequest')[0].query).toEqual({ Id: 'b1', Approve: 'true' });
  });

  it('rejects with the comment a rejection needs', async () => {
    show([booking('b2')]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bookings' }));
    api.on('PUT /Venue/ApproveOrRejectVenueRequest', () => ok(booking('b2', { status: 'rejected' }), { message: 'Request rejected' }));
    fireEvent.click(await within(await findRow('Youth rally')).findByRole('button', { name: /^Reject: Tolu Bello/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A comment is required to reject a request')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Hall under repair' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected')).toBeTruthy();
    expect(api.callsTo('PUT /Venue/ApproveOrRejectVenueRequest')[0].query).toEqual({
      Id: 'b2',
      Approve: 'false',
      Comment: 'Hall under repair',
    });
  });

  it('offers no decision without CAN_APPROVE_VENUES', async () => {
    show([booking('b3')], ['CAN_VIEW_VENUES']);
    fireEvent.click(await screen.findByRole('tab', { name: 'Bookings' }));
    const row = await findRow('Youth rally');
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it("puts this month's bookings on the calendar, approved and pending, not rejected", async () => {
    show([booking('b4', { status: 'approved' }), booking('b5', { purpose: 'Wedding', status: 'rejected' })]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Calendar' }));
    const grid = await screen.findByRole('list', { name: 'Bookings calendar' });
    expect(await within(grid).findByText(/Youth rally/)).toBeTruthy();
    expect(within(grid).queryByText(/Wedding/)).toBeNull();
    const [call] = api.callsTo('GET /Venue/GetAllVenueRequests').slice(-1);
    expect(call.query.From <= today && today <= call.query.To).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(await within(await screen.findByRole('list', { name: 'Bookings calendar' })).findByText(/Youth rally/)).toBeTruthy();
  });

  it("heads the month's columns with their weekdays, Monday first, and marks today", async () => {
    show([]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Calendar' }));
    const grid = await screen.findByRole('list', { name: 'Bookings calendar' });
    const weekdays = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07'].map((day) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' }),
    );
    const header = grid.previousElementSibling as HTMLElement;
    expect([...header.children].map((cell) => cell.textContent)).toEqual(weekdays);
    const current = within(grid)
      .getAllByRole('listitem')
      .filter((cell) => cell.getAttribute('aria-current') === 'date');
    expect(current).toHaveLength(1);
    expect(current[0].textContent).toContain(String(Number(today.slice(8))));
  });
});
