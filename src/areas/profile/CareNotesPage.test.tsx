// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { CareNotesPage } from './CareNotesPage';
import { ADMIN_ID, MEMBER_ID, renderProfile } from './testKit';

const api = fakeApi();

const note = (id: string, body: string, createdAt: string) => ({
  id,
  userId: MEMBER_ID,
  body,
  authorId: ADMIN_ID,
  authorName: 'Pastor Bayo',
  createdAt,
});

function open() {
  signInWith(['CAN_UPDATE_PASTORAL_CARE']);
  renderScreen(<CareNotesPage />, { path: '/profile/:userId/care-notes', at: `/profile/${MEMBER_ID}/care-notes` });
}

describe('the care notes page', () => {
  it('shows the notes with who wrote them, and adds a note', async () => {
    let saved = [note('n1', 'Visited at home', '2025-04-01T10:00:00.000Z')];
    api.on('GET /CareNotes/GetByUserId', () => ok(saved));
    api.on('POST /CareNotes/Create', ({ body }) => {
      const added = note('n2', (body as { body: string }).body, '2025-05-01T10:00:00.000Z');
      saved = [added, ...saved];
      return ok(added, { message: 'Note added' });
    });
    open();
    const list = await screen.findByRole('list', { name: 'Care notes' });
    expect(within(list).getByText('Visited at home')).toBeTruthy();
    expect(within(list).getByText('Pastor Bayo, 2025-04-01')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Praying with the family' } });
    fireEvent.click(add);
    expect(await screen.findByText('Note added')).toBeTruthy();
    expect(api.callsTo('POST /CareNotes/Create').map((c) => c.body)).toEqual([{ userId: MEMBER_ID, body: 'Praying with the family' }]);
    expect(await within(await screen.findByRole('list', { name: 'Care notes' })).findByText('Praying with the family')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe(''));
  });

  it('says when there are none yet', async () => {
    api.on('GET /CareNotes/GetByUserId', () => ok([]));
    open();
    expect(await screen.findByText(/No care notes yet/)).toBeTruthy();
  });

  it('shows the server’s refusal without the form', async () => {
    api.on('GET /CareNotes/GetByUserId', () => refusal(403, 'Care notes about yourself are kept by others'));
    open();
    expect(await screen.findByText('This could not be loaded: Care notes about yourself are kept by others')).toBeTruthy();
    expect(screen.queryByLabelText('New note')).toBeNull();
  });

  it("lets the erasure officer decide whether the notes go into a person's own data", async () => {
    let setting = { notesInOwnData: false };
    const sent: unknown[] = [];
    api.on('GET /CareNotes/GetByUserId', () => ok([]));
    api.on('GET /CareNotes/GetSettings', () => ok(setting));
    api.on('PUT /CareNotes/UpdateSettings', ({ body }) => {
      sent.push(body);
      setting = body as typeof setting;
      return ok(setting);
    });
    signInWith(['CAN_UPDATE_PASTORAL_CARE', 'CAN_DELETE_MEMBERS']);
    renderScreen(<CareNotesPage />, { path: '/profile/:userId/care-notes', at: `/profile/${MEMBER_ID}/care-notes` });
    const choice = await screen.findByRole('switch', { name: /Give people the care notes about them/ });
    expect((choice as HTMLInputElement).checked).toBe(false);
    fireEvent.click(choice);
    await screen.findByText('Care notes setting saved');
    expect(sent).toEqual([{ notesInOwnData: true }]);
    expect((choice as HTMLInputElement).checked).toBe(true);
  });

  it('shows a pastor without the erasure right no care setting', async () => {
    api.on('GET /CareNotes/GetByUserId', () => ok([]));
    open();
    await screen.findByText(/No care notes yet/);
    expect(screen.queryByRole('switch', { name: /Give people the care notes about them/ })).toBeNull();
  });
});

describe('the care notes link on a profile', () => {
  it('is offered to a pastoral carer on another’s profile', async () => {
    renderProfile(api, { viewerId: ADMIN_ID, userId: MEMBER_ID, permissions: ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_PASTORAL_CARE'] });
    const link = await screen.findByRole('link', { name: 'Care notes' });
    expect(link.getAttribute('href')).toBe(`/profile/${MEMBER_ID}/care-notes`);
  });

  it('is not offered on one’s own profile, even with the right', async () => {
    renderProfile(api, { viewerId: MEMBER_ID, userId: MEMBER_ID, permissions: ['CAN_UPDATE_MEMBERS', 'CAN_UPDATE_PASTORAL_CARE'] });
    await screen.findByRole('link', { name: 'Timeline' });
    expect(screen.queryByRole('link', { name: 'Care notes' })).toBeNull();
  });
});
