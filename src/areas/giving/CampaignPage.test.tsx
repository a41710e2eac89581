// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, rows, renderScreen, signInWith } from '@/tests/support/adminScreen';
import { CampaignPage } from './CampaignPage';
import { GivingReportsPage } from './GivingReportsPage';

/** A campaign's page and giving's reports (docs/decisions/0234-pledges-campaigns-reports.md). */

const api = fakeApi();

// The charts measure their box; jsdom has no layout, so a fixed size stands in.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const ROOF = {
  id: 'c1',
  name: 'New roof',
  fundId: 'f-building',
  fundName: 'Building',
  goal: 100_000_000,
  currency: 'NGN',
  startsOn: '2026-01-01',
  endsOn: '2026-06-30',
  description: 'Before the rains',
  raised: 18_500_050,
  pledged: 50_000_000,
  pledges: 1,
  days: [
    { date: '2026-02-10', amount: 10_000_000 },
    { date: '2026-03-02', amount: 8_500_050 },
  ],
};

const PLEDGE = {
  id: 'p1',
  giverId: 'u1',
  householdId: null,
  giverName: 'Ada Obi',
  fundId: 'f-building',
  fundName: 'Building',
  campaignId: 'c1',
  campaignName: 'New roof',
  amount: 50_000_000,
  currency: 'NGN',
  startsOn: '2026-01-01',
  endsOn: '2026-06-30',
  note: null,
  given: 12_500_000,
  updatedAt: '2026-02-10T10:00:00.000Z',
};

function showCampaign(permissions: string[]) {
  signInWith(permissions);
  api.on('GET /Giving/GetCampaign', () => ok(ROOF));
  api.on('GET /Giving/GetPledges', () => rows([PLEDGE]));
  api.on('GET /Giving/GetCampaigns', () => ok([ROOF]));
  api.on('GET /Giving/GetFunds', () => ok([{ id: 'f-building', name: 'Building', retiredAt: null }]));
  renderScreen(<CampaignPage />, { path: '/giving/campaigns/:id', at: '/giving/campaigns/c1' });
}

describe('a campaign’s page', () => {
  it('shows what it raised against its goal, what is pledged, its chart and its pledges with their progress', async () => {
    showCampaign(['CAN_VIEW_GIVING']);
    expect(await screen.findByRole('heading', { name: 'New roof', level: 1 })).toBeTruthy();
    expect(screen.getByText('₦185,000.50')).toBeTruthy();
    expect(screen.getByText('₦1,000,000.00')).toBeTruthy();
    expect(screen.getAllByText('₦500,000.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('meter', { name: '18% of the goal' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /added up day by day, against the goal/ })).toBeTruthy();
    expect(await screen.findByRole('meter', { name: '₦125,000.00 given of ₦500,000.00' })).toBeTruthy();
    expect(api.callsTo('GET /Giving/GetCampaign')[0].query).toEqual({ id: 'c1' });
    expect(api.callsTo('GET /Giving/GetPledges')[0].query).toMatchObject({ CampaignId: 'c1' });
    // A reader neither edits the campaign nor records pledges.
    expect(screen.queryByRole('button', { name: 'Edit the campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a pledge' })).toBeNull();
  });

  it('lets a counter pledge to it: the campaign is chosen, its fund said, the amount sent in kobo', async () => {
    api.on('POST /Giving/AddPledge', ({ body }) => ok({ ...PLEDGE, ...(body as object), id: 'p2' }));
    api.on('GET /ChurchAffiliation/GetMemberQuery', () => rows([{ id: 'u2', fullName: 'Femi Okafor', email: 'femi@example.org' }]));
    showCampaign(['CAN_VIEW_GIVING', 'CAN_CREATE_GIVING']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pledge' });
    expect(await within(dialog).findByText(/its fund: Building/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Giver/ }), { target: { value: 'femi' } });
    fireEvent.click(await screen.findByRole('option', { name: /Femi Okafor/ }));
    fireEvent.change(within(dialog).getByLabelText(/^Amount pledged/), { target: { value: '250,000.05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /Giving/AddPledge')).toHaveLength(1));
    expect(api.callsTo('POST /Giving/AddPledge')[0].body).toEqual({
      giverId: 'u2',
      campaignId: 'c1',
      amount: 25_000_005,
      startsOn: '2026-01-01',
      endsOn: '2026-06-30',
    });
  });
});

describe('giving’s reports', () => {
  let blobs: Blob[] = [];
  beforeEach(() => {
    blobs = [];
    // jsdom has no object URLs: keep the CSV the export hands to the download link.
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:csv'));
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('show each report and export it as CSV, amounts as naira with two decimals', async () => {
    signInWith(['CAN_VIEW_GIVING']);
    const year = new Date().getFullYear();
    const period = { from: `${year}-01-01`, to: `${year}-12-31` };
    api.on('GET /Giving/GetFundMonthTotals', () =>
      ok({ ...period, rows: [{ month: '2026-02', fundId: 'f1', fundName: 'Offering', amount: 700_005 }] }),
    );
    api.on('GET /Giving/GetGiverBands', () =>
      ok({
        ...period,
        bands: [
          { key: 'band1', min: 1, max: 1_000_000, givers: 3, amount: 1_200_000 },
          { key: 'band5', min: 100_000_000, max: null, givers: 1, amount: 150_000_000 },
        ],
      }),
    );
    api.on('GET /Giving/GetFirstTimeGivers', () =>
      ok({ ...period, total: 1, rows: [{ giverId: 'u3', giverName: 'Bayo Ade', firstDate: '2026-03-10', amount: 25_000_000 }] }),
    );
    api.on('GET /Giving/GetLapsedGivers', () =>
      ok({ year: 2026, total: 1, rows: [{ giverId: 'u4', giverName: 'Ngozi Eze', lastDate: '2025-06-15', lastYearAmount: 1_500_000 }] }),
    );
    renderScreen(<GivingReportsPage />, { path: '/giving/reports' });
    const months = await screen.findByRole('region', { name: 'Totals by fund and month' });
    expect(await within(months).findByText('₦7,000.05')).toBeTruthy();
    const bands = screen.getByRole('region', { name: 'Givers by amount band' });
    // The chart's axis names the bands too: the table's cells are read.
    expect(await within(bands).findByRole('cell', { name: 'Under ₦10,000.00' })).toBeTruthy();
    expect(within(bands).getByRole('cell', { name: '₦1,000,000.00 and above' })).toBeTruthy();
    expect(await screen.findByText('Bayo Ade')).toBeTruthy();
    expect(await screen.findByText('Ngozi Eze')).toBeTruthy();
    await act(async () => fireEvent.click(within(months).getByRole('button', { name: /Export Totals by fund and month/ })));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect((await blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual(['Month,Fund,Total', '2026-02,Offering,7000.05']);
    expect(api.callsTo('GET /Giving/GetFundMonthTotals')[0].query).toEqual({ From: period.from, To: period.to });
  });

  it('draw the reports together once all have answered, so that none pushes another down while it loads', async () => {
    signInWith(['CAN_VIEW_GIVING']);
    const period = { from: '2026-01-01', to: '2026-12-31' };
    api.on('GET /Giving/GetFundMonthTotals', () => ok({ ...period, rows: [] }));
    api.on('GET /Giving/GetGiverBands', () => ok({ ...period, bands: [] }));
    api.on('GET /Giving/GetFirstTimeGivers', () => ok({ ...period, total: 0, rows: [] }));
    let answerLapsed = () => {};
    const lapsed = new Promise<void>((resolve) => (answerLapsed = resolve));
    api.on('GET /Giving/GetLapsedGivers', async () => (await lapsed, ok({ year: 2026, total: 0, rows: [] })));
    renderScreen(<GivingReportsPage />, { path: '/giving/reports' });
    await waitFor(() => expect(api.callsTo('GET /Giving/GetGiverBands')).toHaveLength(1));
    // Three have answered: still one progress bar, and no report.
    await waitFor(() => expect(api.callsTo('GET /Giving/GetLapsedGivers')).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Giving reports' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Totals by fund and month' })).toBeNull();
    answerLapsed();
    expect(await screen.findByRole('region', { name: 'Totals by fund and month' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Lapsed givers' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Giving reports' })).toBeNull();
  });
});
