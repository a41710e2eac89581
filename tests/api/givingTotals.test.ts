import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { rowsOf } from '@/server/db/queries.js';
import { contributions, givingBatches, users } from '@/server/db/schema/index.js';
import { countsSql, signedSql } from '@/server/modules/giving/counted.js';
import { fundIds } from '@/tests/support/giving.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Giving's kept totals per fund, day and currency (docs/decisions/0245-giving-kept-totals.md):
 * after each kind of write that makes money count or stop counting, the kept rows equal what the
 * contributions themselves add up to, and the reports that read them answer what the reference
 * queries over the contributions answer (the fund and month report's query as it was before).
 */

const SECRET = `sk_test_${randomUUID().replace(/-/g, '')}`;
const s = await startServer({ paystackSecretKey: SECRET });
afterAll(() => s.close());
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);
const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving]);
const viewer = await userWith(s, [P.viewGiving, P.manageFunds]);
const [p1, p2] = [await createUser(s), await createUser(s)];
const fund = await fundIds(s, admin);

type Res = { status: number; body: { data: any; message: string } };
async function call(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Res> {
  const res: Res = await s.call(method, path, { token: viewer.token, ...opts } as never);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res;
}

/** What counts per fund, day and currency, added up from the contributions themselves. */
async function referenceByDay() {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.fund_id::text as fund, c.date::text as day, c.currency, sum(${signedSql('c', 's.amount')})::bigint::text as amount,
        count(*)::int as splits
      from contributions c join contribution_splits s on s.contribution_id = c.id
      where ${countsSql('c')}
      group by 1, 2, 3 order by 1, 2, 3`),
  );
}

const keptByDay = async () =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select fund_id::text as fund, day::text as day, currency, amount::text as amount, splits
      from giving_fund_totals where splits <> 0 or amount <> 0 order by 1, 2, 3`),
  );

/** The fund and month report as it was written over the contributions (docs/decisions/0234), the reference. */
async function referenceMonths(from: string, to: string) {
  return rowsOf<{ month: string; fundId: string; fundName: string; amount: string }>(
    await db.execute(sql`
      select to_char(c.date, 'YYYY-MM') as month, s.fund_id as "fundId", f.name as "fundName",
        sum(${signedSql('c', 's.amount')})::text as amount
      from contributions c
        join contribution_splits s on s.contribution_id = c.id
        join giving_funds f on f.id = s.fund_id
      where c.date between ${from} and ${to} and ${countsSql('c')}
      group by 1, 2, 3
      order by 1, lower(f.name)`),
  ).map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** Periods of whole years, and days that cut months in two. */
const PERIODS = [
  ['2025-01-01', '2025-12-31'],
  ['2026-01-01', '2026-12-31'],
  ['2025-12-15', '2026-02-10'],
  ['2026-03-02', '2026-03-02'],
];

/** The kept rows equal the contributions' sums, and the report equals its reference query, over each period. */
async function expectKept(step: string) {
  expect(await keptByDay(), step).toEqual(await referenceByDay());
  for (const [from, to] of PERIODS) {
    const report = await call('GET', `/Giving/GetFundMonthTotals?From=${from}&To=${to}`);
    expect(report.body.data.rows, `${step}: ${from} to ${to}`).toEqual(await referenceMonths(from, to));
  }
}

const entry = (giverId: string | null, date: string, splits: Array<[string, number]>, currency = 'NGN') => ({
  giverId,
  date,
  amount: splits.reduce((sum, [, amount]) => sum + amount, 0),
  currency,
  method: 'cash',
  splits: splits.map(([fundId, amount]) => ({ fundId, amount })),
});

const newId = (before: Array<{ id: string }>, after: Array<{ id: string }>) => after.find((a) => !before.some((b) => b.id === a.id))!.id;

/** A batch of entries, each added as a counter would; answers the batch's id and the entries' ids in order. */
async function enteredBatch(
  date: string,
  entries: Array<ReturnType<typeof entry>>,
  countedTotal = entries.reduce((sum, e) => sum + e.amount, 0),
) {
  const batch = await call('POST', '/Giving/CreateBatch', { body: { name: `Batch ${date}`, date, countedTotal }, token: counter.token });
  const batchId: string = batch.body.data.id;
  const ids: string[] = [];
  let seen: Array<{ id: string }> = [];
  for (const e of entries) {
    const res = await call('POST', '/Giving/AddEntry', { body: { ...e, batchId }, token: counter.token });
    ids.push(newId(seen, res.body.data.contributions));
    seen = res.body.data.contributions;
  }
  return { batchId, ids };
}

const sign = (body: string) => createHmac('sha512', SECRET).update(body).digest('hex');

/** A signed charge.success, as Paystack delivers it. */
async function paystackGift(data: { amount: number; currency: string; paidAt: string; email: string; fund?: string }) {
  const reference = `T${randomUUID().replace(/-/g, '').slice(0, 15)}`;
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: 1,
      status: 'success',
      reference,
      amount: data.amount,
      paid_at: data.paidAt,
      channel: 'card',
      currency: data.currency,
      metadata: data.fund ? { fund: data.fund } : 0,
      customer: { email: data.email, phone: null },
    },
  });
  const deliver = () =>
    fetch(`${s.url}/api/Giving/PaystackWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(body) },
      body,
    });
  expect((await deliver()).status).toBe(200);
  return { reference, deliver };
}

describe('the kept totals', () => {
  it('follow batches, splits, refunds, corrections, online gifts and retired funds', async () => {
    await expectKept('before any gift');

    // A batch of early January holds an entry dated in December of the year before, a split across two funds and an anonymous gift.
    // Counted without the Welfare entry, which is removed before the batch is posted.
    const { batchId, ids } = await enteredBatch(
      '2026-01-04',
      [
        entry(p1.id, '2026-01-04', [
          [fund.Tithe, 500_000],
          [fund.Building, 250_000],
        ]),
        entry(null, '2026-01-04', [[fund.Offering, 120_000]]),
        entry(p2.id, '2025-12-28', [[fund.Tithe, 80_000]]),
        entry(p2.id, '2026-01-04', [[fund.Welfare, 10_000]]),
      ],
      950_000,
    );
    await expectKept('a batch open');
    // Changed and removed while open: nothing counts yet.
    await call('PUT', '/Giving/ChangeEntry', {
      body: { id: ids[3], ...entry(p2.id, '2026-01-04', [[fund.Missions, 10_000]]) },
      token: counter.token,
    });
    await call('DELETE', `/Giving/RemoveEntry?id=${ids[3]}`, { token: counter.token });
    await expectKept('an open batch changed');
    await call('PUT', `/Giving/PostBatch?id=${batchId}`, { token: counter.token });
    await expectKept('a batch posted');
    await call('PUT', `/Giving/ApproveBatch?id=${batchId}`, { token: approver.token });
    await expectKept('a batch approved');
    expect((await keptByDay()).length).toBe(4);

    // A refund dated in February of part of the split gift: counts once approved.
    const refund = await call('POST', '/Giving/Refund', {
      body: {
        contributionId: ids[0],
        date: '2026-02-03',
        amount: 50_000,
        reason: 'Twice',
        splits: [{ fundId: fund.Building, amount: 50_000 }],
      },
      token: counter.token,
    });
    await expectKept('a refund recorded');
    await call('PUT', `/Giving/ApproveCorrection?id=${refund.body.data.id}`, { token: approver.token });
    await expectKept('a refund approved');

    // A correction of the December gift: reversed there, given again in March to another fund by another giver.
    const correction = await call('POST', '/Giving/Correct', {
      body: {
        contributionId: ids[2],
        reason: 'The wrong envelope',
        giverId: p1.id,
        date: '2026-03-02',
        amount: 80_000,
        method: 'transfer',
        splits: [
          { fundId: fund.Missions, amount: 30_000 },
          { fundId: fund.Welfare, amount: 50_000 },
        ],
      },
      token: counter.token,
    });
    await expectKept('a correction recorded');
    await call('PUT', `/Giving/ApproveCorrection?id=${correction.body.data.id}`, { token: approver.token });
    await expectKept('a correction approved');
    // The December gift and its reversal leave a Tithe day of nothing, which the report shows as no month.
    const dec = await call('GET', '/Giving/GetFundMonthTotals?From=2025-12-01&To=2025-12-31');
    expect(dec.body.data.rows).toEqual([{ month: '2025-12', fundId: fund.Tithe, fundName: 'Tithe', amount: 0 }]);

    // Online gifts: counted at once, one in another currency; one matched later; a second delivery records nothing.
    await paystackGift({ amount: 300_000, currency: 'NGN', paidAt: '2026-02-14T10:00:00.000Z', email: p2.email, fund: 'Building' });
    const unknown = await paystackGift({ amount: 5_000, currency: 'USD', paidAt: '2026-02-14T11:00:00.000Z', email: 'nobody@example.net' });
    await expectKept('online gifts');
    expect((await keptByDay()).filter((r) => r.currency === 'USD')).toEqual([
      { fund: fund.Offering, day: '2026-02-14', currency: 'USD', amount: '5000', splits: 1 },
    ]);
    await unknown.deliver();
    await expectKept('a notice delivered twice');
    const [unmatched] = await db.select().from(contributions).where(eq(contributions.reference, unknown.reference));
    await call('PUT', '/Giving/MatchContribution', { body: { id: unmatched.id, giverId: p1.id }, token: counter.token });
    await expectKept('an online gift matched');

    // A retired fund takes no new gifts; what it was given stays in the totals.
    await call('PUT', `/Giving/RetireFund?id=${fund.Welfare}`);
    await expectKept('a fund retired');
    const march = await call('GET', '/Giving/GetFundMonthTotals?From=2026-03-01&To=2026-03-31');
    expect(march.body.data.rows.map((r: { fundName: string }) => r.fundName)).toEqual(['Missions', 'Welfare']);
  });

  it('follow writes Flock never makes, by hand in SQL: a batch no longer approved, a counted gift deleted, a giver deleted', async () => {
    const { batchId, ids } = await enteredBatch('2025-07-06', [
      entry(p1.id, '2025-07-06', [[fund.Offering, 40_000]]),
      entry(p2.id, '2025-08-01', [
        [fund.Tithe, 70_000],
        [fund.Offering, 1_000],
      ]),
    ]);
    await call('PUT', `/Giving/PostBatch?id=${batchId}`, { token: counter.token });
    await call('PUT', `/Giving/ApproveBatch?id=${batchId}`, { token: approver.token });
    await expectKept('a second batch approved');
    await db.update(givingBatches).set({ state: 'posted' }).where(eq(givingBatches.id, batchId));
    await expectKept('a batch taken back to posted');
    await db.update(givingBatches).set({ state: 'approved' }).where(eq(givingBatches.id, batchId));
    await expectKept('approved again');
    await db.update(contributions).set({ date: '2024-08-01' }).where(eq(contributions.id, ids[1]));
    await expectKept('a counted gift moved to another year');
    await db.delete(contributions).where(eq(contributions.id, ids[1]));
    await expectKept('a counted gift deleted with its splits');
    const gone = await createUser(s);
    const { batchId: third } = await enteredBatch('2025-09-07', [entry(gone.id, '2025-09-07', [[fund.Tithe, 9_000]])]);
    await call('PUT', `/Giving/PostBatch?id=${third}`, { token: counter.token });
    await call('PUT', `/Giving/ApproveBatch?id=${third}`, { token: approver.token });
    await db.delete(users).where(eq(users.id, gone.id));
    await expectKept('a giver deleted: the gift stays, anonymous');
  });

  it("give a campaign what its fund's kept days hold, day by day", async () => {
    const campaign = await call('POST', '/Giving/AddCampaign', {
      body: { name: 'Roof', fundId: fund.Building, goal: 10_000_000, startsOn: '2026-01-01', endsOn: '2026-02-28' },
    });
    const days = rowsOf<{ date: string; amount: string }>(
      await db.execute(sql`
        select c.date::text as date, sum(${signedSql('c', 's.amount')})::text as amount
        from contributions c join contribution_splits s on s.contribution_id = c.id
        where s.fund_id = ${fund.Building} and c.date between '2026-01-01' and '2026-02-28' and ${countsSql('c')}
        group by c.date order by c.date`),
    ).map((d) => ({ date: d.date, amount: Number(d.amount) }));
    expect(days).toEqual([
      { date: '2026-01-04', amount: 250_000 },
      { date: '2026-02-03', amount: -50_000 },
      { date: '2026-02-14', amount: 300_000 },
    ]);
    const read = await call('GET', `/Giving/GetCampaign?id=${campaign.body.data.id}`);
    expect(read.body.data).toMatchObject({ raised: 500_000, days });
  });
});
