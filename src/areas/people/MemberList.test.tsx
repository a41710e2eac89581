// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith } from '@/tests/support/adminScreen';
import { MemberList } from './MemberList';

const ADA = {
  id: '11111111-1111-4111-8111-111111111111',
  fullName: 'Ada Okafor',
  email: 'ada@example.org',
  phoneNumber: '0803',
  gender: 'Female',
  maritalStatus: 'Single',
  employmentStatus: 'Employed',
  state: 'Lagos',
  zoneName: 'Lekki Zone',
  centerName: 'Ajah Center',
  userRole: 'hod, member',
  dateOfBirth: '1995-04-12',
};
const EMEKA = {
  ...ADA,
  id: '22222222-2222-4222-8222-222222222222',
  fullName: 'Emeka Nwosu',
  email: 'emeka@example.org',
  gender: 'Male',
  userRole: 'member',
};

const MEMBERS = 'GET /ChurchAffiliation/GetMemberQuery';
/** The filters' dropdowns: the plain lists, answered empty. */
const CHOICES = ['GET /CIHZone/GetAll', 'GET /Center/GetAll', 'GET /Department/GetAllDepartment', 'GET /AffinityGroup/GetAll'];

const api = fakeApi();

/** The member list at its address, GetMemberQuery answering these rows (of 169 when there are some). */
function renderList(
  members: object[] = [ADA, EMEKA],
  path = '/members-management',
  fields: object[] = [],
  { tags = [] as object[], permissions = ['CAN_VIEW_MEMBERS', 'CAN_VIEW_ATTENDANCE'], writesTo = [] as string[] } = {},
) {
  signInWith(permissions);
  // Whom the caller may write to: the selection's 'Message them' needs chosen people.
  api.on('GET /Notification/GetAudiences', () =>
    ok({ kinds: writesTo, departments: [], affinityGroups: [], zones: [], centers: [], roles: [] }),
  );
  // The church's tags (docs/decisions/0212): the filter's choices and the selection's.
  api.on('GET /Tags/GetAll', () => ok(tags));
  // The saved lists' picker (docs/decisions/0214; its own tests: SavedLists.test.tsx).
  api.on('GET /SavedLists/GetAll', () => ok([]));
  api.on(MEMBERS, () => rows(members, members.length ? 169 : 0));
  for (const route of CHOICES) api.on(route, () => rows([]));
  // The church's own fields the caller sees, whose columns the export adds (docs/decisions/0209).
  api.on('GET /CustomFields/GetAll', () => ok(fields));
  renderScreen(<MemberList />, { path });
}

/** The queries of the member list's calls, in order. */
const memberCalls = () => api.callsTo(MEMBERS).map((call) => call.query);

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  // jsdom has no object URLs: keep the CSV the export hands to the download link.
  URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the member list', () => {
  it('asks GetMemberQuery for a page of 25 in the default order and links each name to the profile', async () => {
    renderList();
    // The name is the link's text: found by text, a cheap query on a busy machine, then its link.
    const link = (await screen.findByText('Ada Okafor')).closest('a')!;
    expect(link.getAttribute('href')).toBe(`/profile/${ADA.id}`);
    expect(memberCalls()[0]).toMatchObject({ PageNumber: '1', PageSize: '25', SortBy: 'default', SortOrder: 'asc' });
    expect(screen.getByText('Head of department, Member')).toBeTruthy();
    expect(screen.getByText('1-25 of 169')).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/profile/${ADA.id}`));
  });

  it('searches on the server', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'emeka' } });
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ Search: 'emeka' }));
  });

  it('offers every filter of the spec', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = within(await screen.findByRole('menu'));
    const names = menu.getAllByRole('menuitemcheckbox').map((item) => item.textContent);
    expect(names).toEqual([
      'Zone',
      'Center',
      'Department',
      'Affinity group',
      'Gender',
      'Marital status',
      'Employment',
      'State',
      'Role',
      'Status',
      'Stage',
      'Not seen at CIH for (weeks)',
      'No department',
      'Birthday this month',
      'Stage began on or after',
    ]);
  });

  it('filters by gender on the server', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Gender' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Gender/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Female' }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ Gender: 'Female' }));
  });

  it('filters by a field of the church the caller sees, by one of its choices', async () => {
    const blood = { id: 'f2', name: 'Blood group', type: 'choice', choices: ['A', 'O'], visibility: 'everyone', retired: false };
    renderList([ADA, EMEKA], '/members-management', [blood]);
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Field of the church' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Field of the church/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Blood group' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Value/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'O' }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ CustomField: 'f2', CustomValue: 'O' }));
  });

  it('filters by stage on the server, member’s stages and beyond', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Stage' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Stage/ }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select Option', 'Member', 'Worker', 'Leader']);
    fireEvent.click(listbox.getByRole('option', { name: 'Worker' }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ Stage: 'worker' }));
  });

  it('sorts by the sorts of the spec', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    // The default sort has no direction of its own: the button does not claim one.
    fireEvent.click(screen.getByRole('button', { name: 'Sort: default order' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      ['Default', 'First name', 'Surname', 'Date of birth', 'Gender', 'Marital status', 'Employment', 'State'].map((s) =>
        expect.stringContaining(s),
      ),
    );
    fireEvent.click(menu.getByRole('menuitem', { name: /Surname/ }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ SortBy: 'surName' }));
  });

  it("offers a sort by each of the church's own fields the caller sees, under its name, and asks the server for it", async () => {
    const classes = { id: 'f3', name: 'Classes attended', type: 'number', choices: [], visibility: 'leaders', retired: false };
    renderList([ADA, EMEKA], '/members-management', [classes]);
    await screen.findByText('Ada Okafor');
    await waitFor(() => expect(api.callsTo('GET /CustomFields/GetAll')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sort: default order' }));
    const menu = within(await screen.findByRole('menu'));
    await waitFor(() => expect(menu.getAllByRole('menuitem').at(-1)!.textContent).toContain('Classes attended'));
    fireEvent.click(menu.getByRole('menuitem', { name: /Classes attended/ }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ SortBy: 'custom:f3', SortOrder: 'asc' }));
  });

  it('exports every filtered member, not just the page, as CSV', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(memberCalls().at(-1)).toMatchObject({ PageNumber: '1', PageSize: '25000' });
    const csv = await blobs[0].text();
    const [heading, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(heading).toBe(
      'Name,Email,Phone,Gender,Date of birth,Marital status,Employment,State,Location,Zone,Center,Role,Stage,Tags,Family',
    );
    expect(first).toContain('Ada Okafor,ada@example.org');
    expect(csv).toContain('Emeka Nwosu');
  });

  it('adds a column per custom field the caller sees to the export, with the values of each row', async () => {
    const blood = { id: 'f2', name: 'Blood group', type: 'choice', choices: ['A', 'O'], visibility: 'everyone', retired: false };
    renderList([{ ...ADA, customFields: { f2: 'O' } }, EMEKA], '/members-management', [blood]);
    await screen.findByText('Ada Okafor');
    await waitFor(() => expect(api.callsTo('GET /CustomFields/GetAll')).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(memberCalls().at(-1)).toMatchObject({ WithCustomFields: 'true' });
    const [heading, first, second] = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(heading.endsWith(',Role,Stage,Tags,Family,Blood group')).toBe(true);
    expect(first.endsWith(',O')).toBe(true);
    expect(second.endsWith(',')).toBe(true);
  });

  it('explains an empty church', async () => {
    renderList([]);
    expect(await screen.findByText(/No members yet\./)).toBeTruthy();
  });

  it('is the same screen at /attendance, under its own name', async () => {
    renderList([ADA], '/attendance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Ada Okafor' })).toBeTruthy();
  });
});

/**
 * The table's checkboxes: 'Select all', then one per row. react-admin puts the row's label on the
 * checkbox's wrapper, not its input, so rows are found by position.
 */
const rowBoxes = () => screen.getAllByRole('checkbox');

const CHOIR = { id: '33333333-3333-4333-8333-333333333333', name: 'Choir', colour: 'blue', people: 1 };
const OFFICE = ['CAN_VIEW_MEMBERS', 'CAN_UPDATE_TAGS'];

describe('tags and the selection in the member list', () => {
  it('shows each row’s tags and filters by a tag on the server', async () => {
    renderList(
      [
        { ...ADA, tags: [CHOIR] },
        { ...EMEKA, tags: [] },
      ],
      '/members-management',
      [],
      { tags: [CHOIR] },
    );
    await screen.findByText('Ada Okafor');
    expect(screen.getByText('Choir')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Tags' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Tags/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Choir' }));
    await waitFor(() => expect(memberCalls().at(-1)).toMatchObject({ Tag: CHOIR.id }));
  });

  it('adds a tag to the selected people in one call, and clears the selection', async () => {
    api.on('POST /Tags/Apply', ({ body }) => ok({ changed: (body as { userIds: string[] }).userIds.length }));
    renderList([ADA, EMEKA], '/members-management', [], { tags: [CHOIR], permissions: OFFICE });
    await screen.findByText('Ada Okafor');
    const [, adaBox, emekaBox] = rowBoxes();
    fireEvent.click(adaBox);
    fireEvent.click(emekaBox);
    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag to 2 people' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Tag/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Choir' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Tag added to 2 people')).toBeTruthy();
    expect(api.callsTo('POST /Tags/Apply').map((c) => c.body)).toEqual([{ tagId: CHOIR.id, action: 'add', userIds: [ADA.id, EMEKA.id] }]);
    await waitFor(() => expect(rowBoxes().map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false]));
  });

  it('shows the refusal of a selection holding someone outside the caller’s list, in the dialog', async () => {
    api.on('POST /Tags/Apply', () => refusal(403, '1 of the people chosen is not in your lists of people; nobody was changed'));
    renderList([ADA], '/members-management', [], { tags: [CHOIR], permissions: OFFICE });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[1]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a tag from 1 person' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Tag/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Choir' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('1 of the people chosen is not in your lists of people; nobody was changed')).toBeTruthy();
  });

  it('exports only the selected rows, asked by id; a reader without the tags right gets no tag actions', async () => {
    renderList([ADA, EMEKA], '/members-management', [], { tags: [CHOIR] });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[2]);
    const button = await screen.findByRole('button', { name: 'Export selected' });
    expect(screen.queryByRole('button', { name: 'Add tag' })).toBeNull();
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(api.callsTo(MEMBERS).at(-1)!.query).toMatchObject({ Id: EMEKA.id, PageSize: '1', WithCustomFields: 'true' });
  });

  it('writes to the selection: the composer opens on the chosen people, for a sender who may choose people', async () => {
    api.on('GET /Notification/GetRecipientCount', () => ok({ count: 2 }));
    api.on('GET /Notification/GetPeople', () => rows([]));
    renderList([ADA, EMEKA], '/members-management', [], { writesTo: ['department', 'people'] });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Message them' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification' });
    expect(within(dialog).getByText('Ada Okafor (ada@example.org)')).toBeTruthy();
    expect(within(dialog).getByText('Emeka Nwosu (emeka@example.org)')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('GET /Notification/GetRecipientCount').at(-1)?.query).toEqual({
        Audience: 'people',
        UserIds: `${ADA.id},${EMEKA.id}`,
      }),
    );
  });

  it('offers no Message them to a reader who may not write to chosen people', async () => {
    renderList([ADA], '/members-management', [], { writesTo: ['department'] });
    await screen.findByText('Ada Okafor');
    fireEvent.click(rowBoxes()[1]);
    expect(await screen.findByRole('button', { name: 'Export selected' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Message them' })).toBeNull();
  });
});
