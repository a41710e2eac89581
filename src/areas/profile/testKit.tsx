import { beforeAll, expect, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type RaRecord } from 'react-admin';
import { apiDataProvider, ok, refusal, renderScreen, rows, signInWith, type fakeApi } from '@/tests/support/adminScreen';
import { loadCountries, loadNigerianStates } from '@/domain/common/reference';
import { ProfilePage } from './ProfilePage';

/**
 * Component-test kit of the profile, on the shared harness (tests/support/adminScreen.tsx): the
 * fixtures are the API's answers to the profile's reads (a missing record is the API's 404),
 * its writes answer as the API does, a signed-in viewer with chosen permissions, and the page
 * rendered at /profile/:userId with react-admin's toasts.
 */

// The place fields load the reference data (a large JSON chunk) on first use: load it once per
// file, before the tests, so that no test's own waits carry the module loading.
beforeAll(() => Promise.all([loadCountries(), loadNigerianStates()]).then(() => undefined));

// The schemas take ids as GUIDs, as the API gives them.
export const MEMBER_ID = '11111111-1111-4111-8111-111111111111';
export const ADMIN_ID = '22222222-2222-4222-8222-222222222222';
export const OTHER_ID = '33333333-3333-4333-8333-333333333333';
/** A fixture record's id: the nth GUID of a kind. */
export const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const member = (extra: Partial<RaRecord> = {}): RaRecord => ({
  id: MEMBER_ID,
  email: 'ada@example.org',
  fullName: 'Ada Okafor',
  title: 'Miss',
  firstName: 'Ada',
  surName: 'Okafor',
  gender: 'Female',
  mobile1: '08030000001',
  roles: ['member'],
  cihRole: null,
  ...extra,
});

export const biodata = (extra: Partial<RaRecord> = {}): RaRecord => ({
  id: guid(1),
  userId: MEMBER_ID,
  title: 'Miss',
  firstName: 'Ada',
  surName: 'Okafor',
  email: 'ada@example.org',
  mobile1: '08030000001',
  gender: 'Female',
  maritalStatus: 'Single',
  employmentStatus: 'Unemployed',
  dateOfBirth: '1995-04-12',
  country: 'Nigeria',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '5 Allen Avenue',
  demise: false,
  ...extra,
});

/** A row as the API answers it. */
type ApiRow = Record<string, unknown>;
/** A read's answer: its record or rows, null for none (404), or an HttpError the call fails with. */
export type Fixtures = Partial<Record<ReadName, ApiRow | ApiRow[] | HttpError | null>>;

/** The API call that answers each read of the profile; lists answer no rows unless a fixture gives some. */
const READS = {
  profiles: 'GET /UserManagement/GetUserbyId',
  biodata: 'GET /Biodata/GetBiodataByUserId',
  spouses: 'GET /Spouse/GetByUserId',
  employers: 'GET /Employer/GetByUserId',
  churchAffiliations: 'GET /ChurchAffiliation/GetChurchAffiliationByUserId',
  qualifications: 'GET /Qualification/GetByUserId',
  children: 'GET /Children/GetByUserId',
  memberDepartments: 'GET /Department/GetDepartmentByUserId',
  zoneChoices: 'GET /CIHZone/GetAll',
  centerChoices: 'GET /Center/GetAll',
  departmentChoices: 'GET /Department/GetAllDepartment',
  affinityGroups: 'GET /AffinityGroup/GetAll',
  assignableRoles: 'GET /Admin/GetPlatformAdminRoles',
  mountainsOfInfluence: 'GET /MountainOfInfluence/GetAll',
  ministries: 'GET /Ministry/GetAll',
  units: 'GET /Unit/GetAll',
} as const;
type ReadName = keyof typeof READS;
const ONE_RECORD: ReadName[] = ['profiles', 'biodata', 'spouses', 'employers', 'churchAffiliations'];
/** The reads of one record (react-admin's getOne). */
export const RECORD_READS = ONE_RECORD.map((name) => READS[name]);

/** The profile's writes, answered as the API does: a created record with its new id, an update with the record. */
const CREATES = [
  'POST /Biodata/CreateBiodata',
  'POST /Qualification/Create',
  'POST /Children/Create',
  'POST /Spouse/Create',
  'POST /Employer/Create',
  'POST /ChurchAffiliation/CreateChurchAffiliation',
];
const UPDATES = [
  'PUT /Biodata/UpdateBiodata',
  'PUT /Qualification/Update',
  'PUT /Children/Update',
  'PUT /Spouse/Update',
  'PUT /Employer/Update',
  'PUT /ChurchAffiliation/UpdateChurchAffiliation',
];
/** Calls answered with no data: deletions, commands and requests; the member has no avatar. */
const EMPTY = [
  'DELETE /Qualification/Delete',
  'DELETE /Children/Delete',
  'GET /UserManagement/GetUserAvatar',
  'POST /Files/uploadfile',
  'PUT /Admin/ChangeUserRole',
  'PUT /Department/SetPrimaryDepartment',
  'PUT /ChurchAffiliation/RequestByMemberToJoinDepartment',
  'PUT /ChurchAffiliation/RequestByMemberToJoinAffinityGroup',
  'PUT /ChurchAffiliation/RequestChangeOfAffinityGroup',
  'PUT /ChurchAffiliation/RequestChangeOfCIHZone',
];

export type FakeApi = ReturnType<typeof fakeApi>;

/** Gives the fake API the profile's answers: the fixtures for reads, the API's own answers for writes. */
function answer(api: FakeApi, fixtures: Fixtures) {
  for (const [name, route] of Object.entries(READS) as [ReadName, string][]) {
    const fixture = fixtures[name];
    if (fixture instanceof HttpError) api.on(route, () => refusal(fixture.status, fixture.message));
    else if (Array.isArray(fixture)) api.on(route, () => rows(fixture));
    else if (fixture) api.on(route, () => ok(fixture));
    else if (ONE_RECORD.includes(name)) api.on(route, () => refusal(404, 'Not found!'));
    else api.on(route, () => rows([]));
  }
  for (const route of CREATES) api.on(route, ({ body }) => ok({ ...(body as object), id: 'created-1' }));
  for (const route of UPDATES) api.on(route, ({ body }) => ok(body));
  for (const route of EMPTY) api.on(route, () => ok(null));
  // The church has defined no fields of its own unless a test says so.
  api.on('GET /CustomFields/GetValues', () => ok([]));
  // Tags (docs/decisions/0212): the church has none, and the person holds none, unless a test says so.
  api.on('GET /Tags/OfPerson', () => ok([]));
  api.on('GET /Tags/GetAll', () => ok([]));
  // The Family card (docs/decisions/0213): in no household, unless a test says so.
  api.on('GET /Households/GetByPerson', () => ok(null));
  // One's own giving (docs/decisions/0230): none yet, unless a test says so.
  api.on('GET /Giving/GetMine', () => ok([]));
  // The stage card: a member since the start of 2024, unless a test answers otherwise.
  api.on('GET /People/GetStages', () =>
    ok([{ id: guid(90), stage: 'member', startedOn: '2024-01-07', endedOn: null, setBy: null, createdAt: '2024-01-07T00:00:00.000Z' }]),
  );
  // One's own profile shows one's privacy choices: none made yet.
  api.on('GET /Stewardship/GetMyConsents', () =>
    ok({ wording: '1', current: { email: null, sms: null, listing: null, age: null, greetings: null, directory: null }, history: [] }),
  );
  // ... and which notifications also come by email: all of them.
  api.on('GET /Notification/GetEmailPreferences', () => ok({ optedOut: [] }));
}

/** The bodies sent to one call, in order. */
export const sent = (api: FakeApi, route: string) => api.callsTo(route).map((call) => call.body as Record<string, any>);
/** The queries sent to one call, in order. */
export const asked = (api: FakeApi, route: string) => api.callsTo(route).map((call) => call.query);

const logError = console.error;

/** react-admin logs every failed call in development; the API's 404 for "none yet" is expected here. */
function quietNotFound() {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!(args[0] instanceof HttpError && args[0].status === 404)) logError(...args);
  });
}

type RenderOptions = { viewerId?: string; permissions?: string[]; userId?: string; fixtures?: Fixtures };

/**
 * Renders /profile/{userId} for the viewer; by default the member on their own profile. Returns
 * the data provider, spied on, for what react-admin asks beyond what reaches the API.
 */
export function renderProfile(
  api: FakeApi,
  { viewerId = MEMBER_ID, permissions = ['CAN_UPDATE_MEMBERS'], userId = MEMBER_ID, fixtures }: RenderOptions = {},
) {
  quietNotFound();
  signInWith(permissions, { id: viewerId, email: `${viewerId}@example.org`, fullName: viewerId, roles: [] });
  const given = fixtures ?? {};
  // GetUserbyId says which records exist, as the server does: those the fixtures give.
  const has = {
    biodata: !!given.biodata,
    churchAffiliation: !!given.churchAffiliations,
    employer: !!given.employers,
    spouse: !!given.spouses,
  };
  const profile =
    given.profiles instanceof HttpError || given.profiles === null ? given.profiles : { has, ...(given.profiles ?? member()) };
  answer(api, { ...given, profiles: profile as Fixtures['profiles'] });
  const dataProvider = apiDataProvider();
  vi.spyOn(dataProvider, 'getOne');
  vi.spyOn(dataProvider, 'getList');
  vi.spyOn(dataProvider, 'uploadAvatar');
  renderScreen(<ProfilePage />, { path: '/profile/:userId', at: `/profile/${userId}`, dataProvider });
  return dataProvider;
}

/** Waits for the profile header, then opens a tab by its name. */
export async function openTab(name: string) {
  await screen.findByRole('heading', { level: 1 });
  const tab = await screen.findByRole('tab', { name });
  tab.click();
  await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
  return within(screen.getByRole('tabpanel'));
}

export const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

/** Chooses a value of a select (react-admin SelectInput) by its label. */
export async function pickSelect(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Types into a long dropdown (the virtualised autocomplete) and chooses the option. */
export async function pickOption(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  // As a person would: the field has the focus while they type.
  act(() => input.focus());
  fireEvent.change(input, { target: { value: option } });
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
}

export const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
export const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
