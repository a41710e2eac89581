// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { minutesHtml } from './printMinutes';
import { MeetingsPage } from './MeetingsPage';
import { UpcomingMeetings } from './UpcomingMeetings';

const api = fakeApi();

const HOD = ['CAN_VIEW_MEETINGS', 'CAN_CREATE_MEETINGS', 'CAN_UPDATE_MEETINGS'];
const MEETING = {
  id: 'm1',
  title: 'Choir planning',
  kind: 'department',
  startsAt: '2030-01-07T17:00:00.000Z',
  durationMinutes: 60,
  venue: 'Room 2',
  createdBy: 'u1',
  createdByName: 'Emeka Nwosu',
  inviteeCount: 3,
};
const DETAIL = {
  ...MEETING,
  agenda: ['Easter songs'],
  minutes: 'We chose <six> songs.',
  actionItems: [{ text: 'Order robes', ownerId: 'u2', dueDate: '2030-01-10', done: false, ownerName: 'Tolu Bello' }],
  invitees: [
    { userId: 'u1', fullName: 'Emeka Nwosu', attended: true },
    { userId: 'u2', fullName: 'Tolu Bello', attended: null },
  ],
};

function show(list: object[] = [MEETING]) {
  signInWith(HOD, { id: 'u1', roles: ['hod'] });
  api.on('GET /Meeting/GetInviteeChoices', ({ query }) =>
    rows([{ id: 'u7', fullName: 'Ngozi Eze' }].filter((p) => p.fullName.includes(String(query.Search ?? '')))),
  );
  api.on('GET /Meeting/GetAll', () => rows(list));
  api.on('GET /Meeting/GetById', () => ok(DETAIL));
  api.on('GET /Department/GetAllDepartment', () => rows([{ id: 'd1', departmentName: 'Choir' }]));
  renderScreen(<MeetingsPage />, { path: '/meetings' });
}

describe('/meetings', () => {
  it('lists meetings with their venue and invitees', async () => {
    show();
    const row = await findRow(/Choir planning/);
    expect(within(row).getByText('Room 2')).toBeTruthy();
    expect(within(row).getByText('Department')).toBeTruthy();
  });

  it('says when there are no meetings', async () => {
    show([]);
    expect(await screen.findByText('No meetings yet.')).toBeTruthy();
  });

  it('calls a meeting for a department', async () => {
    show([]);
    api.on('POST /Meeting/Create', () => ok(MEETING, { message: 'Meeting saved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call a meeting' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Choir planning' } });
    fireEvent.change(within(dialog).getByLabelText(/Date and time/), { target: { value: '2030-01-07T18:00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Agenda/ }), { target: { value: 'Easter songs\n\nRobes' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Invite a department/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Choir' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Meeting saved')).toBeTruthy();
    expect(api.callsTo('POST /Meeting/Create')[0].body).toMatchObject({
      title: 'Choir planning',
      kind: 'department',
      agenda: ['Easter songs', 'Robes'],
      inviteDepartmentId: 'd1',
      startsAt: new Date('2030-01-07T18:00').toISOString(),
    });
  });

  it('opens a meeting with its agenda, action items and attendance', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Choir planning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choir planning' });
    expect(await within(dialog).findByText('Easter songs')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: 'Emeka Nwosu' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Tolu Bello' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('people and changes', () => {
  it('invites people picked by name', async () => {
    show([]);
    api.on('POST /Meeting/Create', () => ok(MEETING, { message: 'Meeting saved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call a meeting' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Ushers' } });
    fireEvent.change(within(dialog).getByLabelText(/Date and time/), { target: { value: '2030-01-07T18:00' } });
    const people = within(dialog).getByRole('combobox', { name: /Invite people/ });
    fireEvent.change(people, { target: { value: 'Ngozi' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ngozi Eze' }));
    expect(api.callsTo('GET /Meeting/GetInviteeChoices').some((c) => c.query.Search === 'Ngozi')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Meeting saved')).toBeTruthy();
    expect(api.callsTo('POST /Meeting/Create')[0].body).toMatchObject({ title: 'Ushers', inviteeIds: ['u7'] });
  });

  it('changes the details of a meeting one called, keeping its minutes and action items', async () => {
    show();
    api.on('PUT /Meeting/Update', () => ok(MEETING, { message: 'Meeting saved' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choir planning' }));
    const detail = await screen.findByRole('dialog', { name: 'Choir planning' });
    fireEvent.click(await within(detail).findByRole('button', { name: 'Change the details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the details' });
    const venue = within(dialog).getByRole('textbox', { name: 'Venue' });
    expect((venue as HTMLInputElement).value).toBe('Room 2');
    fireEvent.change(venue, { target: { value: 'Main hall' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Meeting saved')).toBeTruthy();
    expect(api.callsTo('PUT /Meeting/Update')[0].body).toMatchObject({
      id: 'm1',
      title: 'Choir planning',
      venue: 'Main hall',
      startsAt: MEETING.startsAt,
      agenda: ['Easter songs'],
      minutes: 'We chose <six> songs.',
      actionItems: [{ text: 'Order robes', ownerId: 'u2', dueDate: '2030-01-10', done: false }],
    });
  });

  it('takes an invitee off a meeting one called, but not oneself', async () => {
    show();
    api.on('PUT /Meeting/RemoveInvitees', () => ok({ removed: ['u2'] }, { message: 'Invitee removed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choir planning' }));
    const detail = await screen.findByRole('dialog', { name: 'Choir planning' });
    expect(within(detail).queryByRole('button', { name: 'Take Emeka Nwosu off this meeting' })).toBeNull();
    fireEvent.click(await within(detail).findByRole('button', { name: 'Take Tolu Bello off this meeting' }));
    expect(await screen.findByText('Invitee removed: they have been told')).toBeTruthy();
    expect(api.callsTo('PUT /Meeting/RemoveInvitees')[0].body).toEqual({ meetingId: 'm1', userIds: ['u2'] });
  });
});

describe('minutesHtml', () => {
  it('prints the minutes escaped, with action items and attendance', () => {
    const html = minutesHtml(DETAIL as never, {
      agenda: 'Agenda',
      minutes: 'Minutes',
      actions: 'Actions',
      attendance: 'Attendance',
      attended: 'Present',
      absent: 'Absent',
      due: 'due',
    });
    expect(html).toContain('We chose &#60;six&#62; songs.');
    expect(html).toContain('Order robes — Tolu Bello (due 2030-01-10)');
    expect(html).toContain('Emeka Nwosu: Present');
    // written in the screens' language, and says so (docs/decisions/0237)
    expect(html).toContain('<html lang="en">');
  });
});

describe('the overview’s next meetings', () => {
  it('lists the upcoming meetings one is invited to, soonest first', async () => {
    signInWith(['CAN_VIEW_MEETINGS'], { roles: ['member'] });
    api.on('GET /Meeting/GetAll', () => rows([MEETING]));
    renderScreen(<UpcomingMeetings />, { path: '/overview' });
    expect(await screen.findByText('Choir planning')).toBeTruthy();
    expect(api.callsTo('GET /Meeting/GetAll')[0].query).toMatchObject({ Upcoming: 'true', SortBy: 'startsAt', SortOrder: 'asc' });
  });
});
