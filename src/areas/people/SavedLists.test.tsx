// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { MemberList } from './MemberList';
import { SavedListsPage } from './SavedListsPage';

/** Saved lists and the actions on all that match (docs/decisions/0214-saved-lists.md). */

const ADA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Okafor', email: 'ada@example.org' };
const EMEKA = { ...ADA, id: '22222222-2222-4222-8222-222222222222', fullName: 'Emeka Nwosu', email: 'emeka@example.org' };
const NOT_SEEN = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Not seen for a month',
  shared: false,
  filter: { notSeenWeeks: 4, noDepartment: true },
  ownerId: 'u-admin',
  ownerName: 'Ada Admin',
  mine: true,
  mayChange: true,
  createdAt: '2026-11-27T07:00:00Z',
};
const SHARED = { ...NOT_SEEN, id: '44444444-4444-4444-8444-444444444444', name: 'Choir', shared: true, filter: { tag: ['t1'] } };
const OTHERS = {
  ...SHARED,
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Ushers',
  ownerName: 'Emeka Nwosu',
  mine: false,
  mayChange: false,
};

const MEMBERS = 'GET /ChurchAffiliation/GetMemberQuery';
const CHOICES = ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /Department/GetAllDepartment', 'GET /AffinityGroup/GetAll'];
const OFFICE = ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_MEETINGS'];

const api = fakeApi();

/** The member list: two rows of `total` matches, the caller's saved lists. */
function renderList({ total = 2, lists = [NOT_SEEN] as object[], permissions = OFFICE } = {}) {
  signInWith(permissions);
  api.on('GET /Notification/GetAudiences', () => ok({ kinds: [], departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }));
  api.on('GET /Tags/GetAll', () => ok([]));
  api.on('GET /CustomFields/GetAll', () => ok([]));
  api.on('GET /SavedLists/GetAll', () => ok(lists));
  api.on(MEMBERS, () => rows([ADA, EMEKA], total));
  for (const route of CHOICES) api.on(route, () => rows([]));
  renderScreen(<MemberList />, { path: '/members-management' });
}

/** The table's checkboxes: the header's 'select all' first, then one per row. */
const rowBoxes = () => screen.getAllByRole('checkbox').filter((box) => box.closest('table'));

describe("the member list's saved lists", () => {
  it('opens a saved list: the list asks its filter of the server and says its name and count', async () => {
    renderList({ total: 2 });
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Saved lists' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Not seen for a month' }));
    await waitFor(() => expect(api.callsTo(MEMBERS).at(-1)!.query).toMatchObject({ NotSeenWeeks: '4', NoDepartment: 'true' }));
    expect(await screen.findByRole('heading', { name: 'Not seen for a month: 2 people' })).toBeTruthy();
  });

  it('saves the current filter by name; the office may share it', async () => {
    api.on('POST /SavedLists/Create', () => ok({ ...NOT_SEEN, name: 'Everyone' }));
    renderList({ lists: [] });
    await screen.findByText('Ada Okafor');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'okafor' } });
    await waitFor(() => expect(api.callsTo(MEMBERS).at(-1)!.query).toMatchObject({ Search: 'okafor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Saved lists' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save this filter…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the filter as a list' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Okafors' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with the office' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /SavedLists/Create')[0]?.body).toEqual({ name: 'Okafors', shared: true, filter: { q: 'okafor' } }),
    );
  });

  it('offers no sharing to a reader outside the office', async () => {
    renderList({ lists: [], permissions: ['CAN_VIEW_CIH_MANAGEMENT'] });
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Saved lists' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save this filter…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the filter as a list' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Share with the office' })).toBeNull();
  });
});

describe('actions on all that match', () => {
  it('selects all that match the filter, asked of the server, and says so', async () => {
    const ids = [ADA.id, EMEKA.id, '66666666-6666-4666-8666-666666666666'];
    api.on('GET /ChurchAffiliation/GetMatchingMembers', () => ok({ ids, total: 3 }));
    renderList({ total: 3 });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[1]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Select all that match' })));
    expect(await screen.findByText('All 3 that match are selected')).toBeTruthy();
    expect(api.callsTo('GET /ChurchAffiliation/GetMatchingMembers')[0].query).not.toHaveProperty('PageSize');
  });

  it('shows the refusal of a filter matching too many', async () => {
    const message = 'The filter matches 1,500 people; an action takes at most 1,000 at once: narrow the filter';
    api.on('GET /ChurchAffiliation/GetMatchingMembers', () => refusal(400, message));
    renderList({ total: 1500 });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[1]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select all that match' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  const ownMeetings = () =>
    api.on('GET /Meeting/GetAll', () =>
      rows([
        { id: 'm1', title: 'Follow-up', startsAt: '2026-12-05T10:00:00Z', createdBy: 'u-admin' },
        { id: 'm2', title: 'Elders', startsAt: '2026-12-06T10:00:00Z', createdBy: 'someone-else' },
      ]),
    );

  /** Selects every row, opens 'Invite to a meeting', chooses the caller's own meeting and invites: the dialog. */
  async function inviteAll() {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite to a meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite 2 people to a meeting' });
    // The caller's own meetings load with the dialog: the choice opens once they are there.
    await waitFor(() => expect(api.callsTo('GET /Meeting/GetAll')).toHaveLength(1));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Meeting/ }));
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringMatching(/^Follow-up/)]);
    fireEvent.click(options[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(api.callsTo('POST /Meeting/Invite')[0]?.body).toEqual({ meetingId: 'm1', userIds: [ADA.id, EMEKA.id] }));
    return dialog;
  }

  it('invites the selection to an upcoming meeting the caller called', async () => {
    ownMeetings();
    api.on('POST /Meeting/Invite', () => ok({ added: 2, alreadyInvited: 0, leftOut: { inactive: 0, outOfReach: 0 } }));
    await inviteAll();
    expect(await screen.findByText('2 people invited')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says how many were left out and why, and keeps the dialog open until read (docs/decisions/0236)', async () => {
    ownMeetings();
    api.on('POST /Meeting/Invite', () => ok({ added: 0, alreadyInvited: 1, leftOut: { inactive: 0, outOfReach: 1 } }));
    const dialog = await inviteAll();
    expect(
      await within(dialog).findByText(
        '0 people invited; 1 was already invited; ' +
          '1 person left out: they chose not to appear in lists and are neither in a department you head nor in the center you lead',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the saved lists page', () => {
  it('lists the lists with whom they are for, opens one in the member list, and renames or deletes only what the caller may change', async () => {
    signInWith(OFFICE);
    api.on('GET /SavedLists/GetAll', () => ok([NOT_SEEN, SHARED, OTHERS]));
    api.on('PUT /SavedLists/Rename', () => ok({ ...NOT_SEEN, name: 'Lost sheep' }));
    api.on('DELETE /SavedLists/Delete', () => ok(null));
    renderScreen(<SavedListsPage />, { path: '/saved-lists' });
    const list = within(await screen.findByRole('list', { name: 'Saved lists' }));
    await list.findByText('Not seen for a month');
    expect(list.getByText('Saved by Emeka Nwosu', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename Ushers' })).toBeNull();
    const open = screen.getByRole('link', { name: 'Open Not seen for a month' });
    const target = new URL(open.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/members-management');
    expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ notSeenWeeks: 4, noDepartment: true });

    fireEvent.click(screen.getByRole('button', { name: 'Rename Not seen for a month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the list' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Lost sheep' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /SavedLists/Rename')[0]?.body).toEqual({ id: NOT_SEEN.id, name: 'Lost sheep' }));

    // The rename dialog closes once saved; the page is then the user's again.
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Choir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('DELETE /SavedLists/Delete')[0]?.query).toEqual({ Id: SHARED.id }));
  });
});
