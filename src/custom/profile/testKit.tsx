import { expect, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, memoryStore, Notification, type DataProvider, type RaRecord } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { saveSession } from '@/src/authProvider/session';
import { i18nProvider } from '@/src/i18n';
import { ProfilePage } from './ProfilePage';

/**
 * Component-test kit of the profile: a fake data provider answering from fixtures (a missing
 * single record is the API's 404), a signed-in viewer with chosen permissions, and the page
 * rendered at /profile/:userId with react-admin's toasts.
 */

// The schemas take ids as GUIDs, as the API gives them.
export const MEMBER_ID = '11111111-1111-4111-8111-111111111111';
export const ADMIN_ID = '22222222-2222-4222-8222-222222222222';
export const OTHER_ID = '33333333-3333-4333-8333-333333333333';
/** A fixture record's id: the nth GUID of a kind. */
export const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A resource's answer: its record or rows, null for none (404), or an error the call fails with. */
export type Fixtures = Partial<Record<string, RaRecord | RaRecord[] | Error | null>>;

const LISTS = ['qualifications', 'children', 'memberDepartments', 'zoneChoices', 'centerChoices', 'departmentChoices', 'affinityGroups', 'assignableRoles', 'mountainsOfInfluence', 'ministries', 'units'];

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

/** The fake data provider; every method is a vi.fn whose calls the tests read. */
export function fakeApi(fixtures: Fixtures = {}) {
  const one = async (resource: string) => {
    const record = fixtures[resource];
    if (record instanceof Error) throw record;
    if (!record || Array.isArray(record)) throw new HttpError('Not found!', 404, { message: 'Not found!' });
    return { data: record };
  };
  const list = async (resource: string) => {
    const rows = (fixtures[resource] as RaRecord[] | undefined) ?? (LISTS.includes(resource) ? [] : undefined);
    if (!rows) throw new Error(`No fixture list for ${resource}`);
    return { data: rows, total: rows.length };
  };
  const done = (data: unknown = null) => vi.fn(async () => ({ data, message: 'Done' }));
  return {
    getOne: vi.fn((resource: string) => one(resource)),
    getList: vi.fn((resource: string) => list(resource)),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, { data }: { data: RaRecord }) => ({ data: { ...data, id: 'created-1' } })),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: RaRecord }) => ({ data: { ...data, id } })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: { id } })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    getUserAvatar: done(null),
    uploadAvatar: done(),
    changeUserRole: done(),
    setPrimaryDepartment: done(),
    requestToJoinDepartment: done(),
    requestToJoinAffinityGroup: done(),
    requestChangeOfAffinityGroup: done(),
    requestChangeOfZone: done(),
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** Signs in as `id` holding these permission strings (the login's form of them is rebuilt). */
export function signInAs(id: string, permissions: string[]) {
  saveSession({
    token: 'tok',
    permissions: permissions.map((p) => {
      const [, right, module] = /^(CAN_[A-Z]+)_(.+)$/.exec(p)!;
      return { accessRight: right, moduleName: module.replace(/_/g, ' ') };
    }),
    user: { id, email: `${id}@example.org`, fullName: id, cihRole: null },
  });
}

const logError = console.error;

/** react-admin logs every failed call in development; the API's 404 for "none yet" is expected here. */
function quietNotFound() {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!(args[0] instanceof HttpError && args[0].status === 404)) logError(...args);
  });
}

type RenderOptions = { viewerId?: string; permissions?: string[]; userId?: string; fixtures?: Fixtures; api?: FakeApi };

/** Renders /profile/{userId} for the viewer; by default the member on their own profile. */
export function renderProfile({ viewerId = MEMBER_ID, permissions = ['CAN_UPDATE_MEMBERS'], userId = MEMBER_ID, fixtures, api }: RenderOptions = {}) {
  localStorage.clear();
  quietNotFound();
  signInAs(viewerId, permissions);
  const dataProvider = api ?? fakeApi({ profiles: member(), ...fixtures });
  render(
    <MemoryRouter initialEntries={[`/profile/${userId}`]}>
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path="/profile/:userId" element={<ProfilePage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
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
