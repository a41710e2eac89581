// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, renderScreen, rows, signInWith, type ApiCall } from '@/tests/support/adminScreen';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from './NotificationsPage';
import { ComposeDialog } from './ComposeDialog';

const api = fakeApi();

const NOTE = {
  id: 'n1',
  kind: 'message',
  title: 'Rehearsal moved',
  body: 'Friday at 6pm.\nSee https://example.org/rota <b>now</b>',
  senderName: 'Emeka Nwosu',
  requestId: null,
  attachmentCount: 1,
  isRead: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const READ = { ...NOTE, id: 'n2', title: 'Welcome', isRead: true, attachmentCount: 0 };
const NOBODY = { kinds: [], departments: [], affinityGroups: [], zones: [], centers: [], roles: [] };
const HEAD = { ...NOBODY, kinds: ['department'], departments: [{ id: 'd1', name: 'Choir' }] };

function showPage(audiences: object = NOBODY, inbox: object[] = [NOTE, READ]) {
  signInWith(['CAN_UPDATE_MEMBERS'], { roles: ['member'] });
  api.on('GET /Notification/GetAllNotifications', (call: ApiCall) => {
    const matching = call.query.Unread === 'true' ? inbox.filter((n: any) => !n.isRead) : inbox;
    return rows(matching.slice(0, Number(call.query.PageSize ?? 10)), matching.length);
  });
  api.on('GET /Notification/GetAudiences', () => ok(audiences));
  api.on('GET /Notification/GetEmailPreferences', () => ok({ optedOut: [] }));
  api.on('GET /Notification/GetNotification', () =>
    ok({ ...NOTE, attachments: [{ id: 'a1', fileName: 'rota.pdf', contentType: 'application/pdf', size: 10 }] }),
  );
  api.on('PUT /Notification/MarkAsRead', () => ok({ ...NOTE, isRead: true }));
  api.on('GET /Notification/GetSentNotifications', () =>
    rows([
      {
        id: 'm1',
        title: 'Choir news',
        audienceLabel: 'Department: Choir',
        createdAt: '2026-11-20T10:00:00.000Z',
        scheduledFor: null,
        status: 'delivered',
        recipientCount: 12,
        readCount: 5,
        mailedCount: 11,
        attachmentCount: 0,
      },
    ]),
  );
  api.on('GET /Notification/GetRecipientCount', () => ok({ count: 12 }));
  api.on('POST /Notification/sendnotifications', () => ok({ id: 'm2', recipientCount: 12, status: 'delivered' }));
  renderScreen(
    <>
      <NotificationBell />
      <NotificationsPage />
    </>,
    { path: '/notifications' },
  );
}

describe('/notifications', () => {
  it('lists the inbox and the bell counts the unread', async () => {
    showPage();
    expect(await screen.findByText('Rehearsal moved')).toBeTruthy();
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
    // A member who may send to nobody sees no compose button and no sent tab.
    await waitFor(() => expect(api.callsTo('GET /Notification/GetAudiences')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'New notification' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Sent' })).toBeNull();
  });

  it('exports the whole inbox as CSV, not only the page shown', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:inbox'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('GET /Notification/GetAllNotifications').some((c) => c.query.PageSize === '1000')).toBe(true);
    const lines = (await saved[0].text()).split('\r\n');
    expect(lines[0]).toBe('Title,From,Received,Read,Message,Attachments');
    expect(lines[1]).toMatch(/^Rehearsal moved,Emeka Nwosu,2026-11-20T10:00:00.000Z,No,"Friday at 6pm\.\n/);
    expect(lines.at(-1)).toBe(
      'Welcome,Emeka Nwosu,2026-11-20T10:00:00.000Z,Yes,"Friday at 6pm.\nSee https://example.org/rota <b>now</b>",0',
    );
    click.mockRestore();
  });

  it('opens one: its text with links but no markup, its attachment, and marks it read', async () => {
    showPage();
    fireEvent.click(await screen.findByText('Rehearsal moved'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('link', { name: 'https://example.org/rota' })).getAttribute('href')).toBe(
      'https://example.org/rota',
    );
    expect(within(dialog).getByText(/<b>now<\/b>/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download rota.pdf' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('PUT /Notification/MarkAsRead')[0]?.query).toEqual({ id: 'n1' }));
  });

  it('leads from a decision to where the request lives', async () => {
    showPage();
    api.on('GET /Notification/GetNotification', () =>
      ok({ ...NOTE, kind: 'request', title: 'Request approved', link: '/events', attachments: [] }),
    );
    fireEvent.click(await screen.findByText('Rehearsal moved'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('link', { name: 'Open' })).getAttribute('href')).toBe('/events');
  });

  it('offers no Open button for an address outside the app', async () => {
    showPage();
    api.on('GET /Notification/GetNotification', () => ok({ ...NOTE, link: '//evil.example/x', attachments: [] }));
    fireEvent.click(await screen.findByText('Rehearsal moved'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Open' })).toBeNull();
  });

  it('shows the empty state', async () => {
    showPage(NOBODY, []);
    expect(await screen.findByText('You have no notifications yet.')).toBeTruthy();
  });

  it('lets a head of department write to their department, counting the recipients first', async () => {
    showPage(HEAD);
    fireEvent.click(await screen.findByRole('button', { name: 'New notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Choir news' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Practice on Friday' } });
    // The one audience the head may reach is chosen already; they pick the department.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Which one/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Choir' }));
    expect(await within(dialog).findByText('This reaches 12 people')).toBeTruthy();
    expect(api.callsTo('GET /Notification/GetRecipientCount').at(-1)?.query).toEqual({ Audience: 'department', AudienceId: 'd1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /Notification/sendnotifications')).toHaveLength(1));
    expect(api.callsTo('POST /Notification/sendnotifications')[0].body).toEqual({
      Title: 'Choir news',
      Body: 'Practice on Friday',
      Audience: 'department',
      AudienceId: 'd1',
    });
  });

  it('lets a head of department choose people, from those the server offers them', async () => {
    api.on('GET /Notification/GetPeople', () => ok([{ id: 'u1', fullName: 'Abel Okoro', email: 'abel@example.org' }]));
    showPage({ ...HEAD, kinds: ['department', 'people'] });
    fireEvent.click(await screen.findByRole('button', { name: 'New notification' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Send to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Chosen people' }));
    const people = await within(dialog).findByRole('combobox', { name: /People/ });
    // The sender types into the field they are in: an unfocused autocomplete resets its text.
    act(() => people.focus());
    fireEvent.change(people, { target: { value: 'Abel' } });
    await waitFor(() => expect(api.callsTo('GET /Notification/GetPeople').at(-1)?.query).toEqual({ Search: 'Abel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Abel Okoro (abel@example.org)' }));
    expect(await within(dialog).findByText('This reaches 12 people')).toBeTruthy();
    expect(api.callsTo('GET /Notification/GetRecipientCount').at(-1)?.query).toEqual({ Audience: 'people', UserIds: 'u1' });
  });

  it('shows the sender their sent notifications with read counts', async () => {
    showPage(HEAD);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText('Choir news')).toBeTruthy();
    expect(screen.getByText(/Recipients: 12 · Read: 5 · Emailed: 11/)).toBeTruthy();
  });
});

describe('the composer on a large selection', () => {
  it('counts 450 chosen people 200 at a time, so no address outgrows a header limit, and adds the counts', async () => {
    signInWith(['CAN_UPDATE_MEMBERS'], { roles: ['member'] });
    const asked: string[][] = [];
    api.on('GET /Notification/GetRecipientCount', (call: ApiCall) => {
      const ids = String(call.query.UserIds).split(',');
      asked.push(ids);
      return ok({ count: ids.length - 1 });
    });
    const chosen = Array.from({ length: 450 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      label: `Person ${i}`,
    }));
    renderScreen(<ComposeDialog audiences={{ ...NOBODY, kinds: ['people'] } as never} chosen={chosen} onClose={() => undefined} />, {
      path: '/members-management',
    });
    expect(await screen.findByText('This reaches 447 people')).toBeTruthy();
    expect(asked.map((ids) => ids.length)).toEqual([200, 200, 50]);
    expect(new Set(asked.flat()).size).toBe(450);
  });
});
