// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, findRow, ok, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { DepartmentShow } from '@/src/areas/departments/DepartmentShow';
import { FirstTimerList } from './FirstTimerList';
import { UserList } from './UserList';

/** The actions on a selection of every list of people, on a desktop's table and a phone's cards (docs/decisions/0222). */

const api = fakeApi();

beforeAll(() => {
  // The first-timers' charts measure their box; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => vi.unstubAllGlobals());

const person = (id: string, firstName: string, lastName: string, extra: object = {}) => ({
  id,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}@example.org`,
  createdAt: '2025-05-02T10:00:00.000Z',
  ...extra,
});
const TOBI = person('00000000-0000-4000-8000-0000000000f1', 'Tobi', 'Bello', { isFirstTimer: true });
const KEMI = person('00000000-0000-4000-8000-0000000000f2', 'Kemi', 'Ade', { isFirstTimer: true });
const CHOIR_TAG = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Follow up', colour: null, people: 0 };
const DEPT = { id: '00000000-0000-4000-8000-0000000000d1', departmentName: 'Choir', hodId: TOBI.id, hodName: 'Tobi Bello', memberCount: 2 };
const STATS = { total: 2, converted: 0, notConverted: 2, byGender: [], byWeek: [], byMonth: [] };

/** Whom the caller may write to, and the church's tags. */
function signIn(permissions: string[], writesTo: string[] = []) {
  signInWith(permissions);
  api.on('GET /Notification/GetAudiences', () =>
    ok({ kinds: writesTo, departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }),
  );
  api.on('GET /Tags/GetAll', () => ok([CHOIR_TAG]));
  for (const route of ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /Department/GetAllDepartment', 'GET /AffinityGroup/GetAll'])
    api.on(route, () => rows([]));
}

/** The list answers the people named by Id (a selection's rows) or all of them. */
const answering =
  (people: Array<{ id: string }>, idParam = 'Id') =>
  (call: { query: Record<string, string | string[]> }) => {
    const named = [call.query[idParam] ?? []].flat();
    return rows(named.length ? people.filter((p) => named.includes(p.id)) : people);
  };

/** Every media query matches: usePhone's below 'sm' among them. */
const onPhone = () =>
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));

async function chooseTag(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Tag/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Follow up' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
}

describe("a phone's select mode", () => {
  it('selects first-timers with a checkbox per card and tags them from the bar, in one call', async () => {
    onPhone();
    signIn(['CAN_VIEW_FIRSTTIMERS', 'CAN_UPDATE_TAGS']);
    api.on('GET /Admin/GetAllUsers', answering([TOBI, KEMI]));
    api.on('GET /Biodata/GetFirstTimerStats', () => ok(STATS));
    api.on('POST /Tags/Apply', ({ body }) => ok({ changed: (body as { userIds: string[] }).userIds.length }));
    renderScreen(<FirstTimerList />, { path: '/first-timers' });
    await screen.findByText('Tobi Bello');
    // No checkboxes until the person asks to select.
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Actions on the selection' });
    expect(within(bar).getByText('0 selected')).toBeTruthy();
    // With nobody selected, nothing acts.
    expect(within(bar).queryByRole('button', { name: 'Add tag' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Tobi Bello' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Kemi Ade' }));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    // The row menus step aside while selecting: a tap on a card is a selection.
    expect(screen.queryByRole('button', { name: 'Actions for Tobi Bello' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Add tag' }));
    await chooseTag(await screen.findByRole('dialog', { name: 'Add a tag to 2 people' }));
    expect(await screen.findByText('Tag added to 2 people')).toBeTruthy();
    expect(api.callsTo('POST /Tags/Apply').map((c) => c.body)).toEqual([
      { tagId: CHOIR_TAG.id, action: 'add', userIds: [TOBI.id, KEMI.id] },
    ]);
    await waitFor(() => expect(within(bar).getByText('0 selected')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions for Tobi Bello' })).toBeTruthy();
  });

  it("writes to a department's people chosen on its cards, their rows asked of the department by id", async () => {
    onPhone();
    // A head of department: no tags, but writes to their department's people.
    signIn(['CAN_APPROVE_REQUESTS'], ['department', 'people']);
    api.on('GET /Department/GetDepartmentById', () => ok(DEPT));
    api.on('GET /Department/GetDepartmentMembers', answering([TOBI, KEMI], 'UserId'));
    api.on('GET /ChurchAffiliation/GetDelistedMembers', () => rows([]));
    api.on('GET /Notification/GetRecipientCount', () => ok({ count: 1 }));
    api.on('GET /Notification/GetPeople', () => rows([]));
    renderScreen(<DepartmentShow />, { path: '/departments/view/:name/:id/:hodid', at: `/departments/view/Choir/${DEPT.id}/${TOBI.id}` });
    await screen.findByText('Kemi Ade');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Kemi Ade' }));
    const bar = await screen.findByRole('region', { name: 'Actions on the selection' });
    expect(within(bar).queryByRole('button', { name: 'Add tag' })).toBeNull();
    fireEvent.click(await within(bar).findByRole('button', { name: 'Message them' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification' });
    expect(within(dialog).getByText('Kemi Ade (kemi@example.org)')).toBeTruthy();
    expect(api.callsTo('GET /Department/GetDepartmentMembers').at(-1)!.query).toMatchObject({ id: DEPT.id, UserId: KEMI.id });
  });
});

describe("'Select all that match' beyond the member list (docs/decisions/0229)", () => {
  it("selects every first-timer the list's search keeps, asked of GetMatchingUsers with Kind=firsttimer", async () => {
    onPhone();
    signIn(['CAN_VIEW_FIRSTTIMERS', 'CAN_UPDATE_TAGS']);
    api.on('GET /Admin/GetAllUsers', answering([TOBI]));
    api.on('GET /Admin/GetMatchingUsers', () => ok({ ids: [TOBI.id, KEMI.id], total: 2 }));
    api.on('GET /Biodata/GetFirstTimerStats', () => ok(STATS));
    renderScreen(<FirstTimerList />, { path: '/first-timers' });
    await screen.findByText('Tobi Bello');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const bar = await screen.findByRole('region', { name: 'Actions on the selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all that match' }));
    // Both, though the page shows one: the selection is the server's answer.
    expect(await within(bar).findByText('2 selected')).toBeTruthy();
    expect(api.callsTo('GET /Admin/GetMatchingUsers')[0].query).toMatchObject({ Kind: 'firsttimer' });
    expect(within(bar).getByRole('button', { name: 'Add tag' })).toBeTruthy();
  });
});

describe('the desktop tables of other lists', () => {
  it("offers the users list's selection the tag actions and Export selected, asked of GetAllUsers by id", async () => {
    signIn(['CAN_VIEW_USER_MANAGEMENT', 'CAN_UPDATE_TAGS']);
    api.on('GET /Admin/GetAllUsers', answering([TOBI, KEMI]));
    api.on('GET /Roles/GetAllRoles', () => ok([]));
    api.on('POST /Tags/Apply', ({ body }) => ok({ changed: (body as { userIds: string[] }).userIds.length }));
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<UserList />, { path: '/users-management' });
    const row = await findRow(/Kemi Ade/);
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(api.callsTo('GET /Admin/GetAllUsers').at(-1)!.query).toMatchObject({ Id: KEMI.id, PageSize: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag' }));
    await chooseTag(await screen.findByRole('dialog', { name: 'Remove a tag from 1 person' }));
    expect(await screen.findByText('Tag removed from 1 person')).toBeTruthy();
    expect(api.callsTo('POST /Tags/Apply').at(-1)!.body).toEqual({ tagId: CHOIR_TAG.id, action: 'remove', userIds: [KEMI.id] });
  });
});
