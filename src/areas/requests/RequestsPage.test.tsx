// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, rows, signInWith, type ApiCall, findRow } from '@/tests/support/adminScreen';
import { RequestsPage } from './RequestsPage';

const api = fakeApi();

const MEMBER = ['CAN_UPDATE_MEMBERS'];
const HOD = ['CAN_UPDATE_MEMBERS', 'CAN_VIEW_REQUESTS', 'CAN_APPROVE_REQUESTS'];
const INSPECTORATE = [...HOD, 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS'];
const ADMIN = [...INSPECTORATE, 'CAN_UPDATE_DEPARTMENT'];

const request = (id: string, name: string, extra: object = {}) => ({
  id,
  kind: 'joinDepartment',
  status: 'pending',
  reason: 'I sing',
  requester: { id: `u-${id}`, fullName: name },
  targetDepartmentName: 'Choir',
  createdAt: '2025-05-02T10:00:00.000Z',
  ...extra,
});
const TOLU = request('r1', 'Tolu Bello');
const KEMI = request('r2', 'Kemi Ade', { kind: 'changeDepartment', previousDepartmentName: 'Ushering' });
const MINE = request('r9', 'Ada Admin', {
  requester: { id: 'u-admin', fullName: 'Ada Admin' },
  kind: 'changeZone',
  targetZoneName: 'Lekki Zone',
  targetCenterName: 'Ajah Center',
  previousZoneName: 'Ikeja Zone',
});

/** A list call answering its rows, and the pending count the tab label asks for (Status=pending, PageSize=1). */
const listOf = (all: object[]) => (call: ApiCall) => {
  const matching = call.query.Status ? all.filter((r: any) => r.status === call.query.Status) : all;
  return rows(matching.slice(0, Number(call.query.PageSize ?? 10)), matching.length);
};

/** What each list answers: its rows, or 403 (a list the viewer may not see); the others' lists refuse by default. */
type Lists = { mine?: object[] } & Partial<Record<'hod' | 'inspectorate' | 'all', object[] | 403>>;

/** The roles that go with each set of rights: the hod role is what headship gives. */
function rolesOf(permissions: string[]) {
  if (permissions === ADMIN) return ['administrator'];
  if (permissions === INSPECTORATE) return ['inspectorate'];
  return permissions.includes('CAN_VIEW_REQUESTS') ? ['hod'] : ['member'];
}

function showRequests(permissions: string[], lists: Lists = {}) {
  signInWith(permissions, { roles: rolesOf(permissions) });
  const answer = (found: object[] | 403 | undefined, refusalText: string) =>
    found === 403 || found === undefined ? () => refusal(403, refusalText) : listOf(found);
  api.on('GET /ChurchAffiliation/GetUserRequestLog', listOf(lists.mine ?? [MINE]));
  api.on('GET /ChurchAffiliation/GetHodRequests', answer(lists.hod, 'Only heads of department see department requests'));
  api.on(
    'GET /ChurchAffiliation/GetInspectorateRequests',
    answer(lists.inspectorate, 'Only the inspectorate sees zone and affinity-group requests'),
  );
  api.on('GET /ChurchAffiliation/GetAllRequests', answer(lists.all, 'Only administrators see every request'));
  api.on('GET /CIHZone/GetAll', () => rows([{ id: 'z1', zoneName: 'Lekki Zone' }]));
  api.on('GET /Department/GetAllDepartment', () => rows([{ id: 'd1', departmentName: 'Choir' }]));
  renderScreen(<RequestsPage />, { path: '/requests' });
}

const tabNames = async () => {
  await screen.findByRole('tab', { name: /^My requests/ });
  return screen.getAllByRole('tab').map((tab) => tab.textContent);
};
const rowOf = (name: string) => findRow(new RegExp(name));
const openTab = async (name: RegExp) => fireEvent.click(await screen.findByRole('tab', { name }));

describe('the tabs of /requests', () => {
  it('shows a member only their own requests, and asks for no others', async () => {
    showRequests(MEMBER);
    expect(await rowOf('Change CIH zone')).toBeTruthy();
    await waitFor(async () => expect(await tabNames()).toEqual(['My requests (1)']));
    for (const call of ['GetHodRequests', 'GetInspectorateRequests', 'GetAllRequests'])
      expect(api.callsTo(`GET /ChurchAffiliation/${call}`)).toEqual([]);
  });

  it('shows a head of department the Department tab when GetHodRequests answers, with its pending count', async () => {
    showRequests(HOD, { hod: [TOLU, KEMI, { ...TOLU, id: 'r3', status: 'approved' }] });
    await waitFor(async () => expect(await tabNames()).toEqual(['My requests (1)', 'Department requests (2)']));
    expect(api.callsTo('GET /ChurchAffiliation/GetHodRequests')[0].query).toMatchObject({ Status: 'pending', PageSize: '1' });
    expect(api.callsTo('GET /ChurchAffiliation/GetInspectorateRequests')).toEqual([]);
  });

  it('shows the inspectorate its tab, and asks for no department queue it heads none of', async () => {
    showRequests(INSPECTORATE, { hod: 403, inspectorate: [MINE] });
    await waitFor(async () => expect(await tabNames()).toEqual(['My requests (1)', 'Inspectorate requests (1)']));
    expect(api.callsTo('GET /ChurchAffiliation/GetHodRequests')).toEqual([]);
  });

  it('shows no Department tab to a head whose GetHodRequests refuses (the headship was taken since sign-in)', async () => {
    showRequests(HOD, { hod: 403 });
    await waitFor(() => expect(api.callsTo('GET /ChurchAffiliation/GetHodRequests').length).toBeGreaterThan(0));
    await waitFor(async () => expect(await tabNames()).toEqual(['My requests (1)']));
  });

  it('shows an administrator every tab', async () => {
    showRequests(ADMIN, { hod: [TOLU], inspectorate: [], all: [TOLU, MINE] });
    await waitFor(async () =>
      expect(await tabNames()).toEqual(['My requests (1)', 'Department requests (1)', 'Inspectorate requests (0)', 'All requests (2)']),
    );
  });
});

describe('deciding', () => {
  it('asks for a comment to reject, then sends it', async () => {
    showRequests(HOD, { hod: [TOLU] });
    api.on('PUT /ChurchAffiliation/ApproveChangeOfDepartment', () => ok({ ...TOLU, status: 'rejected' }, { message: 'Request rejected' }));
    await openTab(/^Department requests/);
    fireEvent.click(await within(await rowOf('Tolu Bello')).findByRole('button', { name: "Reject Tolu Bello's request" }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A comment is required to reject a request')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/ApproveChangeOfDepartment')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'The choir is full' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/ApproveChangeOfDepartment')[0].query).toEqual({
      RequestId: 'r1',
      Approve: 'false',
      Comment: 'The choir is full',
    });
  });

  it('approves without a comment, by the call of the kind', async () => {
    showRequests(ADMIN, {
      hod: [],
      inspectorate: [],
      all: [MINE, TOLU, request('r4', 'Seun Ojo', { kind: 'changeZone', targetZoneName: 'Lekki Zone' })],
    });
    api.on('PUT /ChurchAffiliation/ApproveChangeOfCIHZone', () => ok({}, { message: 'Request approved' }));
    await openTab(/^All requests/);
    const approve = await within(await rowOf('Seun Ojo')).findByRole('button', { name: "Approve Seun Ojo's request" });
    // Nobody decides their own request: the administrator's own row offers no buttons.
    expect(within(await rowOf('Ada Admin')).queryByRole('button', { name: /Approve/ })).toBeNull();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve the request' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/ApproveChangeOfCIHZone')[0].query).toEqual({ RequestId: 'r4', Approve: 'true' });
  });

  it('bulk approve decides each selected id, and reports the ones that failed', async () => {
    showRequests(HOD, { hod: [TOLU, KEMI, request('r3', 'Seun Ojo')] });
    api.on('PUT /ChurchAffiliation/ApproveChangeOfDepartment', (call) =>
      call.query.RequestId === 'r2' ? refusal(400, 'This request has already been approved.') : ok({}, { message: 'Request approved' }),
    );
    await openTab(/^Department requests/);
    for (const name of ['Tolu Bello', 'Kemi Ade', 'Seun Ojo']) fireEvent.click(within(await rowOf(name)).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 requests' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain('2 of 3 decided. Not decided:');
    expect(summary.textContent).toContain('Kemi Ade (Change department, Ushering → Choir): This request has already been approved.');
    expect(api.callsTo('PUT /ChurchAffiliation/ApproveChangeOfDepartment').map((c) => c.query.RequestId)).toEqual(['r1', 'r2', 'r3']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('bulk reject needs the one comment, sent with each', async () => {
    showRequests(HOD, { hod: [TOLU, KEMI] });
    api.on('PUT /ChurchAffiliation/ApproveChangeOfDepartment', () => ok({}, { message: 'Request rejected' }));
    await openTab(/^Department requests/);
    for (const name of ['Tolu Bello', 'Kemi Ade']) fireEvent.click(within(await rowOf(name)).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 requests' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), { target: { value: 'Not this year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('2 requests rejected')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/ApproveChangeOfDepartment').map((c) => c.query)).toEqual([
      { RequestId: 'r1', Approve: 'false', Comment: 'Not this year' },
      { RequestId: 'r2', Approve: 'false', Comment: 'Not this year' },
    ]);
  });

  it('offers no decisions to a viewer without CAN_APPROVE_REQUESTS', async () => {
    showRequests(['CAN_VIEW_REQUESTS'], { hod: [TOLU] });
    await openTab(/^Department requests/);
    expect(within(await rowOf('Tolu Bello')).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(within(await rowOf('Tolu Bello')).queryByRole('checkbox')).toBeNull();
  });
});

describe("the member's own requests", () => {
  it('cancels a pending request after a confirmation', async () => {
    showRequests(MEMBER);
    api.on('PUT /ChurchAffiliation/CancelRequest', () => ok({ ...MINE, status: 'cancelled' }, { message: 'Request cancelled' }));
    fireEvent.click(within(await rowOf('Change CIH zone')).getByRole('button', { name: 'Cancel my request: Change CIH zone' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this request?')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/CancelRequest')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request cancelled')).toBeTruthy();
    expect(api.callsTo('PUT /ChurchAffiliation/CancelRequest')[0].query).toEqual({ RequestId: 'r9' });
    // The confirmation does not open the row's detail.
    expect(api.callsTo('GET /ChurchAffiliation/GetRequestById')).toEqual([]);
  });

  it("shows a decided request's comment, and its detail with the history", async () => {
    const rejected = { ...MINE, status: 'rejected', decidedByName: 'Funmi Adeyemi', decisionComment: 'Stay where you are needed' };
    showRequests(MEMBER, { mine: [rejected] });
    api.on('GET /ChurchAffiliation/GetRequestById', () =>
      ok({
        ...rejected,
        history: [
          { id: 'e1', action: 'created', actorName: 'Ada Admin', comment: 'Moved house', at: '2025-05-02T10:00:00.000Z' },
          {
            id: 'e2',
            action: 'rejected',
            actorName: 'Funmi Adeyemi',
            comment: 'Stay where you are needed',
            at: '2025-05-03T10:00:00.000Z',
          },
        ],
      }),
    );
    const row = await rowOf('Change CIH zone');
    expect(within(row).getByText('Rejected')).toBeTruthy();
    expect(within(row).getByText('Stay where you are needed')).toBeTruthy();
    expect(within(row).getByText('Ikeja Zone → Lekki Zone, Ajah Center')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
    fireEvent.click(within(row).getByText('Ikeja Zone → Lekki Zone, Ajah Center'));
    const detail = await screen.findByRole('dialog', { name: 'Request' });
    const history = await within(detail).findByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Filed by Ada Admin, .*Moved house$/),
      expect.stringMatching(/^Rejected by Funmi Adeyemi, .*Stay where you are needed$/),
    ]);
    expect(api.callsTo('GET /ChurchAffiliation/GetRequestById')[0].query).toEqual({ id: 'r9' });
  });

  it('sends the filters under their API names', async () => {
    showRequests(MEMBER);
    await rowOf('Change CIH zone');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() =>
      expect(api.callsTo('GET /ChurchAffiliation/GetUserRequestLog').at(-1)!.query).toMatchObject({
        Status: 'rejected',
        SortBy: 'createdAt',
        SortOrder: 'desc',
      }),
    );
  });
});

describe('export, keyboard and empty tabs', () => {
  let blobs: Blob[] = [];
  beforeEach(() => {
    blobs = [];
    // jsdom has no object URLs: keep the CSV the export hands to the download link.
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const exportedLines = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    return (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
  };

  it("exports a decider's tab as the table words it, every filtered request at once", async () => {
    const decided = { ...KEMI, status: 'rejected', decidedByName: 'Funmi Adeyemi', decisionComment: 'Full, sorry' };
    showRequests(HOD, { hod: [TOLU, decided] });
    await openTab(/^Department requests/);
    await rowOf('Kemi Ade');
    const [heading, ...lines] = await exportedLines();
    expect(heading).toBe('Member,Request,Details,Reason,Status,Filed,Decided by,Comment');
    expect(lines).toEqual([
      expect.stringMatching(/^Tolu Bello,Join a department,Choir,I sing,Pending,.*2025.*,,$/),
      expect.stringMatching(/^Kemi Ade,Change department,Ushering → Choir,I sing,Rejected,.*2025.*,Funmi Adeyemi,"Full, sorry"$/),
    ]);
    expect(api.callsTo('GET /ChurchAffiliation/GetHodRequests').at(-1)!.query).toMatchObject({ PageSize: '25000' });
  });

  it("exports one's own requests without the requester", async () => {
    showRequests(MEMBER);
    await rowOf('Change CIH zone');
    const [heading, first] = await exportedLines();
    expect(heading).toBe('Request,Details,Reason,Status,Filed,Decided by,Comment');
    expect(first).toMatch(/^Change CIH zone,"Ikeja Zone → Lekki Zone, Ajah Center",I sing,Pending,/);
  });

  it("opens a request's detail from its first cell, a button the keyboard reaches", async () => {
    showRequests(HOD, { hod: [TOLU] });
    api.on('GET /ChurchAffiliation/GetRequestById', () => ok({ ...TOLU, history: [] }));
    await openTab(/^Department requests/);
    const button = within(await rowOf('Tolu Bello')).getByRole('button', { name: 'Tolu Bello' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Request' })).toBeTruthy();
    expect(api.callsTo('GET /ChurchAffiliation/GetRequestById').map((call) => call.query)).toEqual([{ id: 'r1' }]);
  });

  it("opens one's own request from its kind", async () => {
    showRequests(MEMBER);
    api.on('GET /ChurchAffiliation/GetRequestById', () => ok({ ...MINE, history: [] }));
    fireEvent.click(within(await rowOf('Change CIH zone')).getByRole('button', { name: 'Change CIH zone' }));
    expect(await screen.findByRole('dialog', { name: 'Request' })).toBeTruthy();
  });

  it('says where requests are made when one has none, with a way to the profile', async () => {
    showRequests(MEMBER, { mine: [] });
    expect(await screen.findByText(/^You have made no requests yet\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Open your profile' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile/u-admin'));
  });

  it("says a decider's empty tab has nothing yet, and a filtered one that nothing matches", async () => {
    showRequests(ADMIN, { hod: [], inspectorate: [], all: [] });
    await openTab(/^Inspectorate requests/);
    expect(await screen.findByText(/^No zone or affinity-group requests yet\./)).toBeTruthy();
    await openTab(/^All requests/);
    expect(await screen.findByText(/^No requests yet\./)).toBeTruthy();
    await openTab(/^My requests/);
    await rowOf('Change CIH zone');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    expect(await screen.findByText(/using the current filters/)).toBeTruthy();
    expect(screen.queryByText(/You have made no requests yet/)).toBeNull();
  });

  it('says the same on a phone, whose cards take the place of the table', async () => {
    // Every media query matches: usePhone's below 'sm' among them.
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} }));
    showRequests(MEMBER, { mine: [] });
    expect(await screen.findByText(/^You have made no requests yet\./)).toBeTruthy();
  });
});
