import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Contribution } from '@/domain/giving/schemas.js';
import type { Statement } from '@/domain/giving/statements.js';
import { P } from '@/domain/roles/permissions.js';
import { contributionSplits, contributions, householdMembers, households, outbox } from '@/server/db/schema/index.js';
import { statementAttachment } from '@/server/modules/giving/statements.js';
import { approvedGifts, fundIds } from '@/tests/support/giving.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * A family as a contribution's giver (docs/decisions/0244-family-giver.md): recorded in a batch,
 * refunded and corrected as its own, listed and filtered by its name, read by its members, counted
 * towards its pledges, one giver in the reports, with a statement of its own mailed to its heads.
 */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);

const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving]);
const viewer = await userWith(s, [P.viewGiving]);
const femi = await createUser(s, { overrides: { firstName: 'Femi', surName: 'Okafor', language: 'fr' } });
const grace = await createUser(s, { overrides: { firstName: 'Grace', surName: 'Okafor' } });
const chiamaka = await createUser(s, { overrides: { firstName: 'Chiamaka', surName: 'Okafor' } });
const outsider = await createUser(s);

const [family] = await db.insert(households).values({ name: 'Okafor family' }).returning();
await db.insert(householdMembers).values([
  { householdId: family.id, userId: femi.id, role: 'head' },
  { householdId: family.id, userId: grace.id, role: 'spouse' },
  { householdId: family.id, userId: chiamaka.id, role: 'child' },
]);

type Res = { status: number; body: { data: any; message: string; totalCount?: number; errors?: Record<string, string[]> } };
const call = (method: string, path: string, token: string, body?: unknown): Promise<Res> => s.call(method, path, { token, body });
async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await call(method, path, token, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const fund = await fundIds(s, admin);

// The family gave twice in 2025 in its name; Femi gave once in his own; someone gave anonymously.
const [familyTithe, familyOffering, femiOwn] = await approvedGifts(s, counter.token, approver.token, [
  { giverId: null, householdId: family.id, date: '2025-03-02', amount: 200_000, fundId: fund.Tithe },
  { giverId: null, householdId: family.id, date: '2025-06-01', amount: 100_000, fundId: fund.Offering },
  { giverId: femi.id, date: '2025-04-06', amount: 50_000, fundId: fund.Tithe },
  { giverId: null, date: '2025-04-06', amount: 10_000, fundId: fund.Offering },
]);
// Part of the family's offering refunded, approved by someone else: it counts against the family.
const refund = await ok('POST', '/Giving/Refund', counter.token, {
  contributionId: familyOffering,
  date: '2025-07-01',
  amount: 20_000,
  reason: 'Given twice',
  splits: [{ fundId: fund.Offering, amount: 20_000 }],
});
await ok('PUT', `/Giving/ApproveCorrection?id=${refund.id}`, approver.token);

const YEAR = 'From=2025-01-01&To=2025-12-31';

describe('recording a family gift', () => {
  it("keeps the family as the giver, named by the family's name", async () => {
    const [row] = await db.select().from(contributions).where(eq(contributions.id, familyTithe));
    expect(row).toMatchObject({ giverId: null, householdId: family.id });
    const listed = await call('GET', `/Giving/GetContributions?HouseholdId=${family.id}&PageSize=50`, viewer.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: Contribution) => [c.id, c.giverName, c.householdId, c.giverId])).toEqual([
      [refund.id, 'Okafor family', family.id, null],
      [familyOffering, 'Okafor family', family.id, null],
      [familyTithe, 'Okafor family', family.id, null],
    ]);
  });

  it("is found by the family's name in the search", async () => {
    const found = await ok('GET', '/Giving/GetContributions?Search=okafor%20family&PageSize=50', viewer.token);
    expect(found.map((c: Contribution) => c.id).sort()).toEqual([familyTithe, familyOffering, refund.id].sort());
  });

  it('refuses a person and a family at once with a clear 400, and a family that does not exist', async () => {
    const batch = await ok('POST', '/Giving/CreateBatch', counter.token, { name: 'Both', date: '2025-08-03', countedTotal: 1_000 });
    const entry = { batchId: batch.id, date: '2025-08-03', amount: 1_000, method: 'cash', splits: [{ fundId: fund.Tithe, amount: 1_000 }] };
    const both = await call('POST', '/Giving/AddEntry', counter.token, { ...entry, giverId: femi.id, householdId: family.id });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('A gift is given by a person or by a family, not both');
    expect(both.body.errors).toHaveProperty('householdId');
    const unknown = await call('POST', '/Giving/AddEntry', counter.token, { ...entry, householdId: outsider.id });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Family not found');
    expect((await ok('GET', `/Giving/GetBatch?id=${batch.id}`, viewer.token)).contributions).toEqual([]);
  });

  it('is refused by the table itself when both are written', async () => {
    await expect(db.update(contributions).set({ giverId: femi.id }).where(eq(contributions.id, familyTithe))).rejects.toThrow();
  });

  it("keeps the family on a refund and on a correction's reversal; the right entry names whoever gave", async () => {
    const [refunded] = await db.select().from(contributions).where(eq(contributions.id, refund.id));
    expect(refunded).toMatchObject({ kind: 'refund', giverId: null, householdId: family.id });
    const [gift] = await approvedGifts(s, counter.token, approver.token, [
      { giverId: null, householdId: family.id, date: '2024-05-05', amount: 7_000, fundId: fund.Welfare },
    ]);
    const right = await ok('POST', '/Giving/Correct', counter.token, {
      contributionId: gift,
      reason: 'Grace gave it',
      giverId: grace.id,
      date: '2024-05-05',
      amount: 7_000,
      method: 'cash',
      splits: [{ fundId: fund.Welfare, amount: 7_000 }],
    });
    expect(right).toMatchObject({ giverId: grace.id, householdId: null, giverName: 'Grace Okafor' });
    const [reversal] = await db
      .select()
      .from(contributions)
      .where(and(eq(contributions.correctsId, gift), eq(contributions.kind, 'reversal')));
    expect(reversal).toMatchObject({ giverId: null, householdId: family.id });
    await ok('PUT', `/Giving/ApproveCorrection?id=${right.id}`, approver.token);
  });
});

describe("a member's giving", () => {
  it("shows the gifts given in their family's name, marked as the family's; not another member's own", async () => {
    const mine: Contribution[] = await ok('GET', '/Giving/GetMine', chiamaka.token);
    expect(mine.every((c) => c.householdId === family.id)).toBe(true);
    expect(mine.map((c) => c.id)).toEqual(expect.arrayContaining([familyTithe, familyOffering, refund.id]));
    expect(mine.map((c) => c.id)).not.toContain(femiOwn);
    const femis: Contribution[] = await ok('GET', '/Giving/GetMine', femi.token);
    expect(femis.map((c) => c.id)).toEqual(expect.arrayContaining([familyTithe, femiOwn]));
    expect(await ok('GET', '/Giving/GetMine', outsider.token)).toEqual([]);
  });
});

describe('pledges', () => {
  it("count a family's gifts towards the family's pledge, with its members' own; not towards a member's own pledge", async () => {
    const familyPledge = await ok('POST', '/Giving/AddPledge', counter.token, {
      householdId: family.id,
      fundId: fund.Tithe,
      amount: 1_000_000,
      startsOn: '2025-01-01',
      endsOn: '2025-12-31',
    });
    const gracePledge = await ok('POST', '/Giving/AddPledge', counter.token, {
      giverId: grace.id,
      fundId: fund.Tithe,
      amount: 1_000_000,
      startsOn: '2025-01-01',
      endsOn: '2025-12-31',
    });
    expect((await ok('GET', `/Giving/GetPledge?id=${familyPledge.id}`, viewer.token)).given).toBe(250_000);
    expect((await ok('GET', `/Giving/GetPledge?id=${gracePledge.id}`, viewer.token)).given).toBe(0);
  });
});

describe('the reports', () => {
  it('count the family as one giver, by band, among the first-time and the lapsed', async () => {
    const bands = await ok('GET', `/Giving/GetGiverBands?${YEAR}`, viewer.token);
    // The family (280,000 kobo in all) and Femi on his own: two givers, the anonymous gift in none.
    expect(bands.bands[0]).toMatchObject({ key: 'band1', givers: 2, amount: 330_000 });
    const firsts = await ok('GET', `/Giving/GetFirstTimeGivers?${YEAR}`, viewer.token);
    expect(firsts.rows).toContainEqual({
      giverId: femi.id,
      householdId: null,
      giverName: 'Femi Okafor',
      firstDate: '2025-04-06',
      amount: 50_000,
    });
    // The family's 2024 gift was corrected away to Grace: its first gift that stands is in 2025.
    expect(firsts.rows).toContainEqual({
      giverId: null,
      householdId: family.id,
      giverName: 'Okafor family',
      firstDate: '2025-03-02',
      amount: 280_000,
    });
    const lapsed = await ok('GET', '/Giving/GetLapsedGivers?Year=2026', viewer.token);
    expect(lapsed.rows.filter((r: { householdId: string | null }) => r.householdId === family.id)).toEqual([
      { giverId: null, householdId: family.id, giverName: 'Okafor family', lastDate: '2025-06-01', lastYearAmount: 280_000 },
    ]);
  });
});

describe('statements', () => {
  it("give the family a statement of its own, in its head's language, apart from its members' own", async () => {
    const all: Statement[] = await ok('GET', `/Giving/GetStatements?${YEAR}`, viewer.token);
    const ofFamily = all.find((st) => st.householdId === family.id)!;
    expect(ofFamily).toMatchObject({ giverId: null, giverName: 'Okafor family', language: 'fr' });
    expect(Object.fromEntries(ofFamily.totals.map((t) => [t.fundName, t.amount]))).toEqual({ Tithe: 200_000, Offering: 80_000 });
    expect(all.find((st) => st.giverId === femi.id)!.grandTotals).toEqual([{ currency: 'NGN', amount: 50_000 }]);
    const one: Statement[] = await ok('GET', `/Giving/GetStatements?${YEAR}&HouseholdId=${family.id}`, viewer.token);
    expect(one.map((st) => st.householdId)).toEqual([family.id]);
  });

  it("mail the family's to its head and spouse as their choices allow, not to its child", async () => {
    const outcome = await ok('POST', '/Giving/MailStatements', counter.token, {
      from: '2025-01-01',
      to: '2025-12-31',
      householdId: family.id,
    });
    expect(outcome).toEqual({ givers: 1, mailed: 1, withoutConsent: 0 });
    const queued = await db
      .select({ to: outbox.to, attachment: outbox.attachment })
      .from(outbox)
      .where(and(eq(outbox.category, 'statements'), inArray(outbox.to, [femi.email, grace.email, chiamaka.email])));
    expect(queued.map((m) => m.to).sort()).toEqual([femi.email, grace.email].sort());
    // Each mail's PDF is the family's statement, made when it leaves (docs/decisions/0246).
    for (const m of queued)
      expect(m.attachment).toEqual({ kind: 'givingStatement', householdId: family.id, from: '2025-01-01', to: '2025-12-31' });
    const pdf = await statementAttachment(db, 'Flock', queued[0].attachment!);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('an online gift the office matches', () => {
  it('is matched to a family (one of a person or a family: 400 for both or none), and counts as the family’s', async () => {
    const [eze] = await db.insert(households).values({ name: 'Eze family' }).returning();
    const [gift] = await db
      .insert(contributions)
      .values({
        date: '2023-02-05',
        amount: 40_000,
        method: 'card',
        reference: 'PS-EZE-1',
        provider: 'paystack',
        awaitingMatch: true,
        payer: { name: 'C. Eze', email: null, phone: null },
        approvedAt: new Date(),
      })
      .returning();
    await db.insert(contributionSplits).values({ contributionId: gift.id, fundId: fund.Offering, amount: 40_000 });
    expect((await call('PUT', '/Giving/MatchContribution', counter.token, { id: gift.id })).status).toBe(400);
    const both = await call('PUT', '/Giving/MatchContribution', counter.token, { id: gift.id, giverId: femi.id, householdId: eze.id });
    expect(both.status).toBe(400);
    const matched = await ok('PUT', '/Giving/MatchContribution', counter.token, { id: gift.id, householdId: eze.id });
    expect(matched).toMatchObject({ giverId: null, householdId: eze.id, giverName: 'Eze family' });
    const [row] = await db.select().from(contributions).where(eq(contributions.id, gift.id));
    expect(row).toMatchObject({ awaitingMatch: false, payer: null, householdId: eze.id });
  });
});

describe('who sees a family’s giving', () => {
  it('is refused (403) to whoever does not read giving, a family clerk too', async () => {
    const clerk = await userWith(s, [P.manageHouseholds, P.viewMembers]);
    for (const token of [clerk.token, femi.token]) {
      expect((await call('GET', `/Giving/GetContributions?HouseholdId=${family.id}`, token)).status).toBe(403);
      expect((await call('GET', `/Giving/GetStatements?${YEAR}&HouseholdId=${family.id}`, token)).status).toBe(403);
    }
    const page = await call('GET', `/Households/GetById?id=${family.id}`, clerk.token);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toMatch(/200000|280000|2,000\.00/);
  });
});
