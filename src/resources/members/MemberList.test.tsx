// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, type DataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18nProvider } from '@/src/i18n';
import { MemberList } from './MemberList';

vi.setConfig({ testTimeout: 30_000 });

const ADA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ada Okafor', email: 'ada@example.org', phoneNumber: '0803', gender: 'Female', maritalStatus: 'Single', employmentStatus: 'Employed', state: 'Lagos', zoneName: 'Lekki Zone', centerName: 'Ajah Center', userRole: 'hod, member', dateOfBirth: '1995-04-12' };
const EMEKA = { ...ADA, id: '22222222-2222-4222-8222-222222222222', fullName: 'Emeka Nwosu', email: 'emeka@example.org', gender: 'Male', userRole: 'member' };

function fakeApi(rows: object[]) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) => {
    if (resource === 'members') return { data: rows, total: rows.length ? 169 : 0 };
    return { data: [], total: 0 };
  });
  return { getList, getOne: vi.fn(), getMany: vi.fn(async () => ({ data: [] })), getManyReference: vi.fn(), create: vi.fn(), update: vi.fn(), updateMany: vi.fn(), delete: vi.fn(), deleteMany: vi.fn() };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderList(rows: object[] = [ADA, EMEKA], path = '/members-management') {
  const api = fakeApi(rows);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={api as unknown as DataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path="/members-management" element={<MemberList />} />
          <Route path="/attendance" element={<MemberList />} />
          <Route path="/profile/:userId" element={<Where />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return api;
}

const memberCalls = (api: ReturnType<typeof fakeApi>) => api.getList.mock.calls.filter(([resource]) => resource === 'members').map(([, params]) => params);

let blobs: Blob[] = [];
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  blobs = [];
  // jsdom has no object URLs: keep the CSV the export hands to the download link.
  URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('the member list (SPEC.md section 2)', () => {
  it('asks GetMemberQuery for a page of 25 in the default order and links each name to the profile', async () => {
    const api = renderList();
    const link = await screen.findByRole('link', { name: 'Ada Okafor' });
    expect(link.getAttribute('href')).toBe(`/profile/${ADA.id}`);
    expect(memberCalls(api)[0]).toMatchObject({ pagination: { page: 1, perPage: 25 }, sort: { field: 'default', order: 'ASC' } });
    expect(screen.getByText('Head of department, Member')).toBeTruthy();
    expect(screen.getByText('1-25 of 169')).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/profile/${ADA.id}`));
  });

  it('searches on the server', async () => {
    const api = renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'emeka' } });
    await waitFor(() => expect(memberCalls(api).at(-1)).toMatchObject({ filter: { q: 'emeka' } }));
  });

  it('offers every filter of the spec', async () => {
    renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const menu = within(await screen.findByRole('menu'));
    const names = menu.getAllByRole('menuitemcheckbox').map((item) => item.textContent);
    expect(names).toEqual(['Zone', 'Center', 'Department', 'Affinity group', 'Gender', 'Marital status', 'Employment', 'State', 'Role', 'Status']);
  });

  it('filters by gender on the server', async () => {
    const api = renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Gender' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Gender/ }, { timeout: 10_000 }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Female' }));
    await waitFor(() => expect(memberCalls(api).at(-1)).toMatchObject({ filter: { gender: 'Female' } }));
  });

  it('sorts by the sorts of the spec', async () => {
    const api = renderList();
    await screen.findByText('Ada Okafor');
    fireEvent.click(screen.getByRole('button', { name: /Sort by default/ }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(
      ['Default', 'First name', 'Surname', 'Date of birth', 'Gender', 'Marital status', 'Employment', 'State'].map((s) => expect.stringContaining(s)),
    );
    fireEvent.click(menu.getByRole('menuitem', { name: /Surname/ }));
    await waitFor(() => expect(memberCalls(api).at(-1)).toMatchObject({ sort: { field: 'surName' } }));
  });

  it('exports every filtered member, not just the page, as CSV', async () => {
    const api = renderList();
    await screen.findByText('Ada Okafor');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(memberCalls(api).at(-1)).toMatchObject({ pagination: { page: 1, perPage: 25000 } });
    const csv = await blobs[0].text();
    const [heading, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(heading).toBe('Name,Email,Phone,Gender,Date of birth,Marital status,Employment,State,Location,Zone,Center,Role');
    expect(first).toContain('Ada Okafor,ada@example.org');
    expect(csv).toContain('Emeka Nwosu');
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
