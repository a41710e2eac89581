// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refusal, renderScreen, signInWith, type ApiCall } from '@/tests/support/adminScreen';
import { CelebrationsPage } from './CelebrationsPage';
import { CelebrationsCard } from './CelebrationsCard';

const api = fakeApi();
const HOD = ['CAN_UPDATE_MEMBERS', 'CAN_VIEW_DEPARTMENT', 'CAN_APPROVE_REQUESTS'];
const OFFICE = ['CAN_UPDATE_OTHER_MEMBERS', 'CAN_UPDATE_DEPARTMENT'];

const ADA = { userId: 'u1', name: 'Ada Obi', kind: 'birthday', day: '2026-12-30', years: 36, spouseName: null };
const CHIDI = { userId: 'u2', name: 'Chidi Eze', kind: 'anniversary', day: '2027-01-01', years: 17, spouseName: 'Ngozi Eze' };
const BAYO = { userId: 'u3', name: 'Bayo Ade', kind: 'birthday', day: '2027-01-02', years: null, spouseName: null };
const WEEK = { period: 'week', from: '2026-12-27', to: '2027-01-02', rows: [ADA, CHIDI, BAYO] };

function show(
  permissions = HOD,
  answer = (call: ApiCall) => ok(call.query.period === 'month' ? { ...WEEK, period: 'month', rows: [] } : WEEK),
) {
  signInWith(permissions, { roles: ['hod'] });
  api.on('GET /Celebrations/GetAll', answer);
  api.on('GET /Celebrations/GetScopes', () => ok({ church: false, departments: [{ id: 'd1', name: 'Choir' }], centers: [] }));
  api.on('GET /Celebrations/GetSettings', () => ok({ greetings: false }));
  renderScreen(<CelebrationsPage />, { path: '/celebrations' });
}

describe('/celebrations', () => {
  let blobs: Blob[] = [];
  beforeEach(() => {
    blobs = [];
    // jsdom has no object URLs: keep the CSV the export hands to the download link.
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the week by day, the age only where the server tells it, the spouse with the anniversary', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Birthdays and anniversaries' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Ada ObiBirthday · \w+,? (Dec 30|30 Dec) · turns 36$/),
      expect.stringMatching(/^Chidi Eze and Ngozi EzeWedding anniversary · \w+,? (Jan 1|1 Jan) · 17 years$/),
      expect.stringMatching(/^Bayo AdeBirthday · \w+,? (Jan 2|2 Jan)$/),
    ]);
    expect(list.textContent).not.toMatch(/19\d\d/);
    expect(api.callsTo('GET /Celebrations/GetAll')[0].query).toMatchObject({ period: 'week', scope: 'mine' });
  });

  it('exports the list as CSV', async () => {
    show();
    await screen.findByText('Ada Obi');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export' })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Name,Celebrates,Day,Age or years,Spouse',
      'Ada Obi,Birthday,2026-12-30,36,',
      'Chidi Eze and Ngozi Eze,Wedding anniversary,2027-01-01,17,Ngozi Eze',
      'Bayo Ade,Birthday,2027-01-02,,',
    ]);
  });

  it('switches to the month and a department, and says what to do when there is nobody', async () => {
    show();
    await screen.findByText('Ada Obi');
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect(await screen.findByText(/No birthdays or wedding anniversaries this month here/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Whose' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Department: Choir' }));
    await waitFor(() =>
      expect(api.callsTo('GET /Celebrations/GetAll').at(-1)!.query).toMatchObject({ period: 'month', scope: 'department', id: 'd1' }),
    );
  });

  it("shows the server's refusal to a leader with nobody in their reach", async () => {
    show(HOD, () => refusal(403, 'Only the church office, heads of department and CIH leaders see birthdays and anniversaries'));
    expect(await screen.findByText(/Only the church office, heads of department and CIH leaders/)).toBeTruthy();
  });

  it('lets the office turn the greeting on the day on', async () => {
    show(OFFICE);
    api.on('PUT /Celebrations/UpdateSettings', (call: ApiCall) => ok(call.body));
    const toggle = await screen.findByRole('switch', { name: 'Greet members on their birthday and wedding anniversary' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT /Celebrations/UpdateSettings')[0]?.body).toEqual({ greetings: true }));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('offers no greeting switch to a head of department', async () => {
    show();
    await screen.findByText('Ada Obi');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe("the overview's birthdays card", () => {
  it("shows a leader this week's birthdays and anniversaries with a link to all", async () => {
    signInWith(HOD, { roles: ['hod'] });
    api.on('GET /Celebrations/GetAll', () => ok(WEEK));
    renderScreen(<CelebrationsCard />, { path: '/overview' });
    const card = (await screen.findByRole('heading', { name: 'Birthdays and anniversaries this week' })).closest('section')!;
    expect(within(card).getByText('Chidi Eze and Ngozi Eze')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'All birthdays and anniversaries' }).getAttribute('href')).toBe('/celebrations');
  });

  it('is not shown to a member, who is never asked', async () => {
    signInWith(['CAN_UPDATE_MEMBERS'], { roles: ['member'] });
    renderScreen(
      <>
        <CelebrationsCard />
        <p>overview</p>
      </>,
      { path: '/overview' },
    );
    await screen.findByText('overview');
    expect(screen.queryByRole('heading', { name: 'Birthdays and anniversaries this week' })).toBeNull();
    expect(api.callsTo('GET /Celebrations/GetAll')).toHaveLength(0);
  });
});
