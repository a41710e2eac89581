import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { approvedGifts, fundIds } from '@/tests/support/giving.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/** Giving's reports: by fund and month, by band, first-time and lapsed givers (docs/decisions/0234-pledges-campaigns-reports.md). */

const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());

const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving]);
const viewer = await userWith(s, [P.viewGiving]);
const hod = await createUser(s, { role: 'hod' });
const hodToken = await s.login(hod.email, hod.password);
const [p1, p2, p3, p4, p5, p6] = [
  await createUser(s),
  await createUser(s),
  await createUser(s),
  await createUser(s),
  await createUser(s),
  await createUser(s),
];

type Res = { status: number; body: { data: any; message: string } };
const call = (method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Res> =>
  s.call(method, path, { token: viewer.token, ...opts } as never);

const fund = await fundIds(s, admin);

/*
 * p1 gave in 2025 and 2026 (kept); p2 in 2025 only (lapsed); p3 first in 2026; p4's only gift
 * was corrected to p5 (p4 never gave; p5 gave in 2025 only: lapsed); an anonymous gift counts in
 * the funds only; p6's entry waits in an open batch and counts nowhere.
 */
const [, , , p4Gift] = await approvedGifts(s, counter.token, approver.token, [
  { giverId: p1.id, date: '2025-03-01', amount: 2_000_000, fundId: fund.Tithe },
  { giverId: p1.id, date: '2026-02-01', amount: 600_000, fundId: fund.Offering },
  { giverId: p2.id, date: '2025-06-15', amount: 1_500_000, fundId: fund.Tithe },
  { giverId: p4.id, date: '2025-11-20', amount: 300_000, fundId: fund.Welfare },
  { giverId: p3.id, date: '2026-03-10', amount: 25_000_000, fundId: fund.Building },
  { giverId: null, date: '2026-02-01', amount: 100_000, fundId: fund.Offering },
]);
const corrected = await call('POST', '/Giving/Correct', {
  body: {
    contributionId: p4Gift,
    reason: 'The wrong envelope',
    giverId: p5.id,
    date: '2025-11-20',
    amount: 300_000,
    method: 'cash',
    splits: [{ fundId: fund.Welfare, amount: 300_000 }],
  },
  token: counter.token,
});
expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
expect((await call('PUT', `/Giving/ApproveCorrection?id=${corrected.body.data.id}`, { token: approver.token })).status).toBe(200);
const open = await call('POST', '/Giving/CreateBatch', {
  body: { name: 'Open', date: '2026-04-01', countedTotal: 700 },
  token: counter.token,
});
await call('POST', '/Giving/AddEntry', {
  body: {
    batchId: open.body.data.id,
    giverId: p6.id,
    date: '2026-04-01',
    amount: 700,
    method: 'cash',
    splits: [{ fundId: fund.Tithe, amount: 700 }],
  },
  token: counter.token,
});

const ids = (rows: Array<{ giverId: string }>) => rows.map((r) => r.giverId);

describe('totals by fund and month', () => {
  it('sum what counted to each fund each month, the anonymous included and corrections netted', async () => {
    const y2026 = await call('GET', '/Giving/GetFundMonthTotals?From=2026-01-01&To=2026-12-31');
    expect(y2026.status).toBe(200);
    expect(y2026.body.data.rows).toEqual([
      { month: '2026-02', fundId: fund.Offering, fundName: 'Offering', amount: 700_000 },
      { month: '2026-03', fundId: fund.Building, fundName: 'Building', amount: 25_000_000 },
    ]);
    const y2025 = await call('GET', '/Giving/GetFundMonthTotals?From=2025-01-01&To=2025-12-31');
    expect(y2025.body.data.rows).toEqual([
      { month: '2025-03', fundId: fund.Tithe, fundName: 'Tithe', amount: 2_000_000 },
      { month: '2025-06', fundId: fund.Tithe, fundName: 'Tithe', amount: 1_500_000 },
      { month: '2025-11', fundId: fund.Welfare, fundName: 'Welfare', amount: 300_000 },
    ]);
  });

  it('take this year without a period, and refuse a period that ends before it starts', async () => {
    const year = new Date().getUTCFullYear();
    expect((await call('GET', '/Giving/GetFundMonthTotals')).body.data).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31` });
    expect((await call('GET', '/Giving/GetFundMonthTotals?From=2026-02-01&To=2026-01-01')).status).toBe(400);
    expect((await call('GET', '/Giving/GetFundMonthTotals?From=yesterday')).status).toBe(400);
  });
});

describe('givers by band', () => {
  it('count each giver once in the band of what they gave in the period; one whose gift was reversed in none', async () => {
    const y2026 = (await call('GET', '/Giving/GetGiverBands?From=2026-01-01&To=2026-12-31')).body.data.bands;
    expect(y2026.map((b: { givers: number; amount: number }) => [b.givers, b.amount])).toEqual([
      [1, 600_000],
      [0, 0],
      [0, 0],
      [1, 25_000_000],
      [0, 0],
    ]);
    const y2025 = (await call('GET', '/Giving/GetGiverBands?From=2025-01-01&To=2025-12-31')).body.data.bands;
    expect(y2025.map((b: { givers: number; amount: number }) => [b.givers, b.amount])).toEqual([
      [1, 300_000],
      [2, 3_500_000],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });
});

describe('first-time givers', () => {
  it('are those whose first gift that stands falls in the period, with what they gave in it', async () => {
    const y2026 = (await call('GET', '/Giving/GetFirstTimeGivers?From=2026-01-01&To=2026-12-31')).body.data;
    expect(y2026).toMatchObject({ total: 1, rows: [{ giverId: p3.id, firstDate: '2026-03-10', amount: 25_000_000 }] });
    const y2025 = (await call('GET', '/Giving/GetFirstTimeGivers?From=2025-01-01&To=2025-12-31')).body.data;
    expect(ids(y2025.rows)).toEqual([p1.id, p2.id, p5.id]);
    expect(y2025.rows.map((r: { amount: number }) => r.amount)).toEqual([2_000_000, 1_500_000, 300_000]);
    expect(y2025.total).toBe(3);
  });
});

describe('lapsed givers', () => {
  it('gave last year and not this year, the latest to stop first; not one whose only gift was corrected away', async () => {
    const lapsed = (await call('GET', '/Giving/GetLapsedGivers?Year=2026')).body.data;
    expect(lapsed).toMatchObject({
      year: 2026,
      total: 2,
      rows: [
        { giverId: p5.id, lastDate: '2025-11-20', lastYearAmount: 300_000 },
        { giverId: p2.id, lastDate: '2025-06-15', lastYearAmount: 1_500_000 },
      ],
    });
    expect(ids((await call('GET', '/Giving/GetLapsedGivers?Year=2027')).body.data.rows)).toEqual([p3.id, p1.id]);
    expect((await call('GET', '/Giving/GetLapsedGivers?Year=soon')).status).toBe(400);
  });
});

describe('who may read them', () => {
  const REPORTS = ['/Giving/GetFundMonthTotals', '/Giving/GetGiverBands', '/Giving/GetFirstTimeGivers', '/Giving/GetLapsedGivers'];

  it('holders of CAN_VIEW_GIVING and administrators', async () => {
    for (const path of REPORTS) {
      expect((await call('GET', path)).status, path).toBe(200);
      expect((await call('GET', path, { token: admin })).status, path).toBe(200);
    }
  });

  it('nobody else: 403 and no amounts, even to counters and approvers', async () => {
    for (const token of [hodToken, member.token, counter.token, approver.token])
      for (const path of REPORTS) {
        const res = await call('GET', `${path}?From=2025-01-01&To=2026-12-31`, { token });
        expect(res.status, path).toBe(403);
        expect(JSON.stringify(res.body)).not.toMatch(/amount|givers|rows|2000000|25000000/);
      }
  });
});
