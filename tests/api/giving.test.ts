import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SEEDED_FUNDS } from '@/domain/giving/schemas.js';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, contributions } from '@/server/db/schema/index.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/** Giving: funds, contributions split across funds, batches with a second pair of eyes (docs/decisions/0227-giving.md). */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving, P.viewGiving]);
/** Approves and counts: may not approve a batch they counted. */
const counterApprover = await userWith(s, [P.recordGiving, P.approveGiving]);
const hod = await createUser(s, { role: 'hod' });
const hodToken = await s.login(hod.email, hod.password);

type Res = { status: number; body: { data: any; message: string; totalCount?: number; errors?: Record<string, string[]>; records?: any } };
const call = (method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Res> =>
  s.call(method, path, { token: counter.token, ...opts } as never);

const funds: Array<{ id: string; name: string; retiredAt: string | null }> = (await call('GET', '/Giving/GetFunds', { token: admin })).body
  .data;
const fund = (name: string) => funds.find((f) => f.name === name)!.id;
const today = new Date().toISOString().slice(0, 10);

async function newBatch(countedTotal: number, token = counter.token) {
  const res = await call('POST', '/Giving/CreateBatch', { body: { name: 'Sunday first service', date: today, countedTotal }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; state: string };
}

const entry = (batchId: string, over: Record<string, unknown> = {}) => ({
  batchId,
  giverId: member.id,
  date: today,
  amount: 500_000,
  method: 'cash',
  reference: 'envelope 12',
  splits: [
    { fundId: fund('Tithe'), amount: 400_000 },
    { fundId: fund('Missions'), amount: 100_000 },
  ],
  ...over,
});

async function addEntry(batchId: string, over: Record<string, unknown> = {}, token = counter.token) {
  const res = await call('POST', '/Giving/AddEntry', { body: entry(batchId, over), token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { contributions: Array<{ id: string; amount: number }>; enteredTotal: number };
}

/** A batch of one gift, posted by the counter and approved by the approver: the gift counts. */
async function approvedGift(over: Record<string, unknown> = {}) {
  const amount = (over.amount as number) ?? 500_000;
  const batch = await newBatch(amount);
  const {
    contributions: [gift],
  } = await addEntry(batch.id, over);
  expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`)).status).toBe(200);
  expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: approver.token })).status).toBe(200);
  return gift;
}

describe('funds', () => {
  it('are seeded: tithe, offering, building, missions, welfare', () => {
    expect(funds.map((f) => f.name).sort()).toEqual([...SEEDED_FUNDS].sort());
  });

  it('the office adds one (a name used in any case is a 409) and retires it; its history stays', async () => {
    const added = await call('POST', '/Giving/CreateFund', { body: { name: 'Harvest' }, token: admin });
    expect(added.status).toBe(200);
    expect((await call('POST', '/Giving/CreateFund', { body: { name: 'harvest' }, token: admin })).status).toBe(409);
    const harvest = added.body.data.id as string;
    const gift = await approvedGift({ amount: 10_000, splits: [{ fundId: harvest, amount: 10_000 }] });
    const retired = await call('PUT', `/Giving/RetireFund?id=${harvest}`, { token: admin });
    expect(retired.status).toBe(200);
    expect(retired.body.data.retiredAt).toBeTruthy();
    expect((await call('PUT', `/Giving/RetireFund?id=${harvest}`, { token: admin })).status).toBe(409);
    const batch = await newBatch(10_000);
    const refused = await call('POST', '/Giving/AddEntry', {
      body: entry(batch.id, { amount: 10_000, splits: [{ fundId: harvest, amount: 10_000 }] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("'Harvest' is retired");
    const mine = (await call('GET', '/Giving/GetMine', { token: member.token })).body.data;
    expect(mine.find((c: { id: string }) => c.id === gift.id).splits).toEqual([{ fundId: harvest, fundName: 'Harvest', amount: 10_000 }]);
  });

  it('only the office manages funds', async () => {
    expect((await call('POST', '/Giving/CreateFund', { body: { name: 'Choir' } })).status).toBe(403);
    expect((await call('PUT', `/Giving/RetireFund?id=${fund('Welfare')}`, { token: approver.token })).status).toBe(403);
  });
});

describe('a contribution', () => {
  it('is split across funds that add up to its amount, checked on the server', async () => {
    const batch = await newBatch(500_000);
    const res = await call('POST', '/Giving/AddEntry', {
      body: entry(batch.id, {
        splits: [
          { fundId: fund('Tithe'), amount: 400_000 },
          { fundId: fund('Offering'), amount: 99_999 },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('add up to the amount');
    const twice = await call('POST', '/Giving/AddEntry', {
      body: entry(batch.id, {
        splits: [
          { fundId: fund('Tithe'), amount: 250_000 },
          { fundId: fund('Tithe'), amount: 250_000 },
        ],
      }),
    });
    expect(twice.status).toBe(400);
    const { contributions: rows } = await addEntry(batch.id);
    expect(rows[0]).toMatchObject({ amount: 500_000, currency: 'NGN', method: 'cash', kind: 'gift', giverId: member.id });
    const [stored] = await db.select().from(contributions).where(eq(contributions.id, rows[0].id));
    expect(typeof stored.amount).toBe('number');
  });

  it('takes only whole kobo above zero: a float, a string, zero or a negative amount is refused', async () => {
    const batch = await newBatch(100);
    for (const amount of [100.5, '100', 0, -100]) {
      const res = await call('POST', '/Giving/AddEntry', {
        body: entry(batch.id, { amount, splits: [{ fundId: fund('Offering'), amount }] }),
      });
      expect(res.status, String(amount)).toBe(400);
    }
    const floatSplit = await call('POST', '/Giving/AddEntry', {
      body: entry(batch.id, {
        amount: 100,
        splits: [
          { fundId: fund('Offering'), amount: 50.5 },
          { fundId: fund('Tithe'), amount: 49.5 },
        ],
      }),
    });
    expect(floatSplit.status).toBe(400);
    expect((await call('POST', '/Giving/CreateBatch', { body: { name: 'x', date: today, countedTotal: 10.25 } })).status).toBe(400);
  });

  it('may be anonymous, with any of the methods, and refuses an unknown method or giver', async () => {
    const batch = await newBatch(5 * 1000);
    for (const method of ['cash', 'transfer', 'card', 'POS', 'cheque'])
      await addEntry(batch.id, { giverId: null, amount: 1000, method, splits: [{ fundId: fund('Offering'), amount: 1000 }] });
    const bad = await call('POST', '/Giving/AddEntry', { body: entry(batch.id, { method: 'crypto' }) });
    expect(bad.status).toBe(400);
    const stranger = await call('POST', '/Giving/AddEntry', { body: entry(batch.id, { giverId: '00000000-0000-4000-8000-000000000000' }) });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Giver not found');
    const got = (await call('GET', `/Giving/GetBatch?id=${batch.id}`)).body.data;
    expect(got.contributions.every((c: { giverId: string | null }) => c.giverId === null)).toBe(true);
    expect(got.enteredTotal).toBe(5000);
  });
});

describe('a batch', () => {
  it('posts only when its entries equal the counted total, saying the difference otherwise', async () => {
    const batch = await newBatch(750_000);
    await addEntry(batch.id);
    const short = await call('PUT', `/Giving/PostBatch?id=${batch.id}`);
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('a difference of');
    expect(short.body.errors?.difference).toEqual(['250000']);
    await addEntry(batch.id, { amount: 250_000, splits: [{ fundId: fund('Building'), amount: 250_000 }] });
    const posted = await call('PUT', `/Giving/PostBatch?id=${batch.id}`);
    expect(posted.status).toBe(200);
    expect(posted.body.data).toMatchObject({
      state: 'posted',
      countedTotal: 750_000,
      enteredTotal: 750_000,
      entries: 2,
      postedBy: counter.id,
    });
  });

  it('is approved by another person with the right: not by whoever counted it (403), not twice or unposted (409)', async () => {
    const batch = await newBatch(500_000, counterApprover.token);
    await addEntry(batch.id, {}, counterApprover.token);
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: approver.token })).status).toBe(409);
    expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`, { token: counterApprover.token })).status).toBe(200);
    const self = await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: counterApprover.token });
    expect(self.status).toBe(403);
    expect(self.body.message).toContain('someone other than');
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`)).status).toBe(403); // the counter lacks the right
    const approved = await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: approver.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ state: 'approved', approvedBy: approver.id });
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: admin })).status).toBe(409);
  });

  it('refuses approval by someone who entered one of its entries', async () => {
    const batch = await newBatch(1_000_000);
    await addEntry(batch.id);
    await addEntry(batch.id, {}, counterApprover.token);
    expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`)).status).toBe(200);
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: counterApprover.token })).status).toBe(403);
  });

  it('refuses approval by someone who only changed or removed one of its entries', async () => {
    const half = { amount: 250_000, splits: [{ fundId: fund('Tithe'), amount: 250_000 }] };
    const batch = await newBatch(500_000);
    await addEntry(batch.id, half);
    await addEntry(batch.id, half);
    const { contributions: rows } = await addEntry(batch.id, { amount: 100, splits: [{ fundId: fund('Tithe'), amount: 100 }] });
    const { batchId: _b, ...body } = entry(batch.id, { ...half, id: rows[1].id, method: 'card' });
    expect((await call('PUT', '/Giving/ChangeEntry', { body, token: counterApprover.token })).status).toBe(200);
    expect((await call('DELETE', `/Giving/RemoveEntry?id=${rows[2].id}`, { token: counterApprover.token })).status).toBe(200);
    expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`)).status).toBe(200);
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: counterApprover.token })).status).toBe(403);
    expect((await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: approver.token })).status).toBe(200);
  });

  it('is locked once posted: no entry added, changed or removed (409)', async () => {
    const batch = await newBatch(500_000);
    const {
      contributions: [row],
    } = await addEntry(batch.id);
    const changed = await call('PUT', '/Giving/ChangeEntry', {
      body: { ...entry(batch.id), id: row.id, batchId: undefined, method: 'transfer' },
    });
    expect(changed.status).toBe(200);
    expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`)).status).toBe(200);
    expect((await call('POST', '/Giving/AddEntry', { body: entry(batch.id) })).status).toBe(409);
    expect((await call('PUT', '/Giving/ChangeEntry', { body: { ...entry(batch.id), id: row.id, batchId: undefined } })).status).toBe(409);
    expect((await call('DELETE', `/Giving/RemoveEntry?id=${row.id}`)).status).toBe(409);
    expect((await call('PUT', `/Giving/PostBatch?id=${batch.id}`)).status).toBe(409);
    const [stored] = await db.select().from(contributions).where(eq(contributions.id, row.id));
    expect(stored).toMatchObject({ method: 'transfer', amount: 500_000 });
  });

  it('lets an open batch lose an entry', async () => {
    const batch = await newBatch(500_000);
    const {
      contributions: [row],
    } = await addEntry(batch.id);
    const removed = await call('DELETE', `/Giving/RemoveEntry?id=${row.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ entries: 0, enteredTotal: 0 });
  });

  it('audits every step, never with an amount', async () => {
    const batch = await newBatch(500_000);
    await addEntry(batch.id);
    await call('PUT', `/Giving/PostBatch?id=${batch.id}`);
    await call('PUT', `/Giving/ApproveBatch?id=${batch.id}`, { token: approver.token });
    const rows = await db.select().from(auditLogs).where(eq(auditLogs.entityId, batch.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['approve', 'create', 'post']);
    const all = await db.select().from(auditLogs);
    const giving = all.filter((r) => ['givingBatch', 'contribution', 'givingFund'].includes(r.entity));
    expect(giving.length).toBeGreaterThan(3);
    expect(JSON.stringify(giving)).not.toMatch(/500000|amount|countedTotal/i);
  });
});

describe('refunds and corrections', () => {
  it('a refund is a new entry pointing at the posted gift, no more than is left on each fund', async () => {
    const gift = await approvedGift();
    const refund = (amount: number, fundId = fund('Missions')) =>
      call('POST', '/Giving/Refund', {
        body: { contributionId: gift.id, date: today, amount, reason: 'Given twice', splits: [{ fundId, amount }] },
      });
    const first = await refund(60_000);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'refund', correctsId: gift.id, amount: 60_000, giverId: member.id, batchId: null });
    expect((await refund(50_000)).status).toBe(400); // 40,000 left on Missions
    expect((await refund(10_000, fund('Welfare'))).status).toBe(400); // nothing given to Welfare
    const [old] = await db.select().from(contributions).where(eq(contributions.id, gift.id));
    expect(old.amount).toBe(500_000);
  });

  it('a gift still in an open or posted batch is changed there, not refunded (409)', async () => {
    const batch = await newBatch(500_000);
    const {
      contributions: [row],
    } = await addEntry(batch.id);
    const res = await call('POST', '/Giving/Refund', {
      body: { contributionId: row.id, date: today, amount: 100, reason: 'x', splits: [{ fundId: fund('Tithe'), amount: 100 }] },
    });
    expect(res.status).toBe(409);
  });

  it('a correction writes the reversal and the right entry, both pointing at the gift, which stays as it was', async () => {
    const gift = await approvedGift();
    const { batchId: _b, ...right } = entry('', { amount: 50_000, splits: [{ fundId: fund('Tithe'), amount: 50_000 }] });
    const res = await call('POST', '/Giving/Correct', { body: { ...right, contributionId: gift.id, reason: 'Typed one zero too many' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'gift', correctsId: gift.id, amount: 50_000, reason: 'Typed one zero too many' });
    const pointing = await db.select().from(contributions).where(eq(contributions.correctsId, gift.id));
    expect(pointing.map((c) => [c.kind, c.amount]).sort()).toEqual([
      ['gift', 50_000],
      ['reversal', 500_000],
    ]);
    const again = await call('POST', '/Giving/Correct', { body: { ...right, contributionId: gift.id, reason: 'again' } });
    expect(again.status).toBe(409);
    const reversal = pointing.find((c) => c.kind === 'reversal')!;
    const refundOfReversal = await call('POST', '/Giving/Refund', {
      body: { contributionId: reversal.id, date: today, amount: 100, reason: 'x', splits: [{ fundId: fund('Tithe'), amount: 100 }] },
    });
    expect(refundOfReversal.status).toBe(409);
  });
});

describe('a refund or correction needs a second person, as a batch does', () => {
  const refundOf = (giftId: string, amount: number, token = counterApprover.token) =>
    call('POST', '/Giving/Refund', {
      token,
      body: { contributionId: giftId, date: today, amount, reason: 'Given twice', splits: [{ fundId: fund('Tithe'), amount }] },
    });
  const approve = (id: string, token = approver.token) => call('PUT', `/Giving/ApproveCorrection?id=${id}`, { token });
  const mineIds = async () => (await call('GET', '/Giving/GetMine', { token: other.token })).body.data.map((c: { id: string }) => c.id);

  it('a refund counts only once someone other than its recorder approves it, once', async () => {
    const gift = await approvedGift({ giverId: other.id, amount: 80_000, splits: [{ fundId: fund('Tithe'), amount: 80_000 }] });
    const recorded = await refundOf(gift.id, 30_000);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const refund = recorded.body.data;
    expect(refund.awaitingApproval).toBe(true);
    expect(await mineIds()).not.toContain(refund.id);
    const pending = await call('GET', '/Giving/GetPendingCorrections', { token: approver.token });
    expect(pending.body.data.map((c: { id: string }) => c.id)).toContain(refund.id);
    // A pending refund already holds what it takes back: no second refund beyond what is left.
    expect((await refundOf(gift.id, 60_000)).status).toBe(400);

    // Whoever recorded it does not approve it, whatever rights they hold.
    expect((await approve(refund.id, counterApprover.token)).status).toBe(403);
    expect((await approve(refund.id, hodToken)).status).toBe(403);
    expect((await approve(refund.id, counter.token)).status).toBe(403);
    const approved = await approve(refund.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject([{ id: refund.id, awaitingApproval: false }]);
    expect((await approve(refund.id)).status).toBe(409);
    expect(await mineIds()).toContain(refund.id);
    const audited = await db.select().from(auditLogs).where(eq(auditLogs.entityId, refund.id));
    expect(audited.map((r) => r.action).sort()).toEqual(['approve', 'create']);
    expect(JSON.stringify(audited)).not.toMatch(/30000|amount/i);
  });

  it("a correction's reversal and right entry are approved together; until then the old gift counts and nothing more is done to it", async () => {
    const gift = await approvedGift({ giverId: other.id, amount: 90_000, splits: [{ fundId: fund('Tithe'), amount: 90_000 }] });
    const { batchId: _b, ...right } = entry('', { giverId: other.id, amount: 9_000, splits: [{ fundId: fund('Tithe'), amount: 9_000 }] });
    const corrected = await call('POST', '/Giving/Correct', {
      token: counterApprover.token,
      body: { ...right, contributionId: gift.id, reason: 'One zero too many' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const correction = corrected.body.data;
    expect(await mineIds()).toContain(gift.id);
    expect(await mineIds()).not.toContain(correction.id);
    // The correction is not itself refunded or corrected before it is approved.
    expect((await refundOf(correction.id, 1_000, counter.token)).status).toBe(409);

    const approved = await approve(correction.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.map((c: { kind: string }) => c.kind).sort()).toEqual(['gift', 'reversal']);
    const mine = await mineIds();
    expect(mine).toContain(correction.id);
    expect(approved.body.data.every((c: { id: string }) => mine.includes(c.id))).toBe(true);
    expect((await refundOf(correction.id, 1_000, counter.token)).status).toBe(200);
  });

  it('an entry of a batch is approved with its batch (409); readers without the right to approve are refused (403)', async () => {
    const batch = await newBatch(1_000);
    const {
      contributions: [row],
    } = await addEntry(batch.id, { amount: 1_000, splits: [{ fundId: fund('Tithe'), amount: 1_000 }] });
    expect((await approve(row.id)).status).toBe(409);
    expect((await call('GET', '/Giving/GetPendingCorrections', { token: hodToken })).status).toBe(403);
    expect((await call('GET', '/Giving/GetPendingCorrections', { token: member.token })).status).toBe(403);
  });
});

describe('the contributions list', () => {
  type Row = { id: string; method: string; date: string; amount: number; splits: Array<{ fundName: string }> };
  const list = async (query: string, token = approver.token) => {
    const res = await call('GET', `/Giving/GetContributions?PageSize=1000&${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { data: Row[]; totalCount: number };
  };

  it('holds the gifts that count, filtered by fund, method, dates and a search of the reference', async () => {
    const building = await approvedGift({
      amount: 21_000,
      method: 'transfer',
      reference: 'TRF-BUILD-77',
      date: '2026-03-04',
      splits: [{ fundId: fund('Building'), amount: 21_000 }],
    });
    const pending = await newBatch(4_000);
    const {
      contributions: [unposted],
    } = await addEntry(pending.id, { amount: 4_000, method: 'transfer', splits: [{ fundId: fund('Building'), amount: 4_000 }] });

    const byFund = await list(`FundId=${fund('Building')}`);
    expect(byFund.data.map((r) => r.id)).toContain(building.id);
    expect(byFund.data.map((r) => r.id)).not.toContain(unposted.id);
    expect(byFund.data.every((r) => r.splits.some((sp) => sp.fundName === 'Building'))).toBe(true);
    expect(byFund.totalCount).toBe(byFund.data.length);

    const byMethod = await list('Method=transfer');
    expect(byMethod.data.every((r) => r.method === 'transfer')).toBe(true);
    expect(byMethod.data.map((r) => r.id)).toContain(building.id);
    expect((await list('Method=cash')).data.map((r) => r.id)).not.toContain(building.id);

    expect((await list('From=2026-03-04&To=2026-03-04')).data.map((r) => r.id)).toEqual([building.id]);
    expect((await list('From=2026-03-05')).data.map((r) => r.id)).not.toContain(building.id);
    expect((await list('Search=build-77')).data.map((r) => r.id)).toEqual([building.id]);

    const sorted = await list('SortBy=amount&SortOrder=desc');
    const amounts = sorted.data.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('refuses an unknown method or sort field (400), and a member or a leader without the rights (403)', async () => {
    expect((await call('GET', '/Giving/GetContributions?Method=crypto', { token: approver.token })).status).toBe(400);
    expect((await call('GET', '/Giving/GetContributions?SortBy=giverId', { token: approver.token })).status).toBe(400);
    expect((await call('GET', '/Giving/GetContributions', { token: member.token })).status).toBe(403);
    expect((await call('GET', '/Giving/GetContributions', { token: hodToken })).status).toBe(403);
  });
});

describe('who sees what', () => {
  it('a leader without the rights sees nothing of giving (403)', async () => {
    for (const [method, path] of [
      ['GET', '/Giving/GetFunds'],
      ['GET', '/Giving/GetBatches'],
      ['GET', '/Giving/GetContributions'],
      ['POST', '/Giving/CreateBatch'],
      ['PUT', `/Giving/ApproveBatch?id=${funds[0].id}`],
    ])
      expect((await call(method, path, { token: hodToken, body: method === 'GET' ? undefined : {} })).status, path).toBe(403);
  });

  it('a viewer reads batches but records nothing', async () => {
    expect((await call('GET', '/Giving/GetBatches', { token: approver.token })).status).toBe(200);
    expect(
      (await call('POST', '/Giving/CreateBatch', { token: approver.token, body: { name: 'x', date: today, countedTotal: 100 } })).status,
    ).toBe(403);
  });

  it("one's own giving is one's own: approved gifts and refunds, not another's, not a batch still counted", async () => {
    const gift = await approvedGift({ giverId: other.id, amount: 7_000, splits: [{ fundId: fund('Welfare'), amount: 7_000 }] });
    const pending = await newBatch(9_000);
    const {
      contributions: [unposted],
    } = await addEntry(pending.id, { giverId: other.id, amount: 9_000, splits: [{ fundId: fund('Welfare'), amount: 9_000 }] });
    const mine = await call('GET', '/Giving/GetMine', { token: other.token });
    expect(mine.status).toBe(200);
    const ids = mine.body.data.map((c: { id: string }) => c.id);
    expect(ids).toContain(gift.id);
    expect(ids).not.toContain(unposted.id);
    expect(mine.body.data.every((c: { giverId: string }) => c.giverId === other.id)).toBe(true);
    const theirs = (await call('GET', '/Giving/GetMine', { token: member.token })).body.data.map((c: { id: string }) => c.id);
    expect(theirs).not.toContain(gift.id);
  });

  it("the person's own data download holds their giving, and a counter's holds none of the gifts they entered", async () => {
    const gift = await approvedGift({ giverId: other.id, amount: 3_000, splits: [{ fundId: fund('Offering'), amount: 3_000 }] });
    const own = await call('GET', '/Stewardship/DownloadMyData', { token: other.token });
    expect(own.status).toBe(200);
    const giving = own.body.records.giving as Array<{ id: string; splits: Array<{ fundName: string }> }>;
    expect(giving.find((c) => c.id === gift.id)?.splits[0].fundName).toBe('Offering');
    expect(own.body.records.contributions).toBeUndefined();
    const counters = await call('GET', '/Stewardship/DownloadMyData', { token: counter.token });
    expect(JSON.stringify(counters.body)).not.toContain(gift.id);
  });

  it('amounts are never in the member list nor its export', async () => {
    await approvedGift({ giverId: other.id, amount: 123_457, splits: [{ fundId: fund('Offering'), amount: 123_457 }] });
    const list = await call('GET', '/ChurchAffiliation/GetMemberQuery?PageSize=1000', { token: admin });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('123457');
  });
});
