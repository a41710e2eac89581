// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith, type ApiCall } from '@/tests/support/adminScreen';
import { AppointmentsPage } from './AppointmentsPage';

const api = fakeApi();

const MEMBER = ['CAN_VIEW_APPOITMENT', 'CAN_CREATE_APPOITMENT'];
const PASTOR = [...MEMBER, 'CAN_UPDATE_APPOITMENT'];
const SLOT = new Date(Date.now() + 2 * 86_400_000);
SLOT.setHours(10, 0, 0, 0);

const appointment = (extra: object = {}) => ({
  id: 'a1',
  hostId: 'h1',
  hostName: 'Pastor Ade',
  memberId: 'm1',
  memberName: 'Tolu Bello',
  startsAt: SLOT.toISOString(),
  endsAt: new Date(SLOT.getTime() + 1_800_000).toISOString(),
  reason: 'prayer',
  note: 'For my family',
  status: 'requested',
  hostComment: null,
  ...extra,
});

function show(permissions: string[], list: object[] = [appointment()]) {
  signInWith(permissions, { roles: ['member'] });
  api.on('GET /Appointment/GetAll', (call: ApiCall) => rows(call.query.Role === 'host' || call.query.Role === 'member' ? list : []));
  api.on('GET /Appointment/GetHosts', () => ok([{ id: 'h1', fullName: 'Pastor Ade' }]));
  api.on('GET /Appointment/GetFreeSlots', () =>
    ok([{ startsAt: SLOT.toISOString(), endsAt: new Date(SLOT.getTime() + 1_800_000).toISOString() }]),
  );
  api.on('GET /Appointment/GetAvailability', () =>
    ok({ windows: [{ weekday: 1, startMinute: 540, endMinute: 720, slotMinutes: 30 }], exceptions: [] }),
  );
  renderScreen(<AppointmentsPage />, { path: '/appointments' });
}

describe('/appointments', () => {
  it('shows a member their own appointments with the reason, and no host tabs', async () => {
    show(MEMBER);
    const row = await findRow(/Pastor Ade/);
    expect(within(row).getByText('Prayer')).toBeTruthy();
    expect(api.callsTo('GET /Appointment/GetAll')[0].query).toMatchObject({ Role: 'member' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['My appointments']);
  });

  it('says so when the member has no appointments', async () => {
    show(MEMBER, []);
    expect(await screen.findByText(/You have no appointments yet/)).toBeTruthy();
  });

  it('books a free slot with a reason', async () => {
    show(MEMBER, []);
    api.on('POST /Appointment/Create', () => ok(appointment(), { message: 'Appointment requested' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Book an appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /With/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pastor Ade' }));
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Time/ }));
    fireEvent.click((await screen.findAllByRole('option'))[0]);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Reason/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Counselling' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Appointment requested')).toBeTruthy();
    expect(api.callsTo('POST /Appointment/Create')[0].body).toEqual({ hostId: 'h1', startsAt: SLOT.toISOString(), reason: 'counselling' });
  });

  it("lets a host confirm from their week's list", async () => {
    show(PASTOR);
    api.on('PUT /Appointment/Update', () => ok(appointment({ status: 'confirmed' }), { message: 'Appointment updated' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'My day and week' }));
    const row = await findRow(/Tolu Bello/);
    await waitFor(() => expect(api.callsTo('GET /Appointment/GetAll').some((c) => c.query.Role === 'host' && c.query.From)).toBe(true));
    fireEvent.click(within(row).getByRole('button', { name: 'Confirm the appointment with Tolu Bello' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Appointment updated')).toBeTruthy();
    expect(api.callsTo('PUT /Appointment/Update')[0].body).toEqual({ id: 'a1', action: 'confirm' });
  });

  it('lets a member ask to move their appointment to another free slot', async () => {
    show(MEMBER);
    api.on('PUT /Appointment/Update', () => ok(appointment(), { message: 'Appointment updated' }));
    const row = await findRow(/Pastor Ade/);
    fireEvent.click(within(row).getByRole('button', { name: 'Reschedule the appointment with Pastor Ade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    expect(within(dialog).getByText(/Pastor Ade/)).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Time/ }));
    fireEvent.click((await screen.findAllByRole('option'))[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('Appointment updated')).toBeTruthy();
    expect(api.callsTo('PUT /Appointment/Update')[0].body).toEqual({ id: 'a1', action: 'reschedule', startsAt: SLOT.toISOString() });
  });
});
