import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, householdMembers, households } from '@/server/db/schema/index.js';
import { approvedGifts, fundIds } from '@/tests/support/giving.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/** Campaigns and pledges, with their progress (docs/decisions/0234-pledges-campaigns-reports.md). */

const { s, admin, member, other } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const counter = await userWith(s, [P.recordGiving]);
const approver = await userWith(s, [P.approveGiving, P.viewGiving]);
const viewer = await userWith(s, [P.viewGiving]);
const fundsOffice = await userWith(s, [P.manageFunds]);
const hod = await createUser(s, { role: 'hod' });
const hodToken = await s.login(hod.email, hod.password);
const stranger = await createUser(s);

type Res = { status: number; body: { data: any; message: string; totalCount?: number; errors?: Record<string, string[]> } };
const call = (method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<Res> =>
  s.call(method, path, { token: counter.token, ...opts } as never);

const fund = await fundIds(s, admin);

// The family of member and other.
const [family] = await db.insert(households).values({ name: 'Okafor family' }).returning();
await db.insert(householdMembers).values([
  { householdId: family.id, userId: member.id, role: 'head' },
  { householdId: family.id, userId: other.id, role: 'spouse' },
]);

// What was given: counted unless said otherwise.
const [memberGift] = await approvedGifts(s, counter.token, approver.token, [
  { giverId: member.id, date: '2026-02-10', amount: 100_000, fundId: fund.Building },
  { giverId: member.id, date: '2026-02-10', amount: 50_000, fundId: fund.Tithe }, // another fund
  { giverId: member.id, date: '2025-12-31', amount: 30_000, fundId: fund.Building }, // before the period
  { giverId: other.id, date: '2026-03-01', amount: 20_000, fundId: fund.Building }, // the family's
  { giverId: stranger.id, date: '2026-03-02', amount: 70_000, fundId: fund.Building }, // someone else
  { giverId: null, date: '2026-03-03', amount: 5_000, fundId: fund.Building }, // anonymous
]);
// A refund of part of the member's gift, approved by someone else: it takes back.
const refunded = await call('POST', '/Giving/Refund', {
  body: {
    contributionId: memberGift,
    date: '2026-04-01',
    amount: 10_000,
    reason: 'Gave twice',
    splits: [{ fundId: fund.Building, amount: 10_000 }],
  },
});
expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
expect((await call('PUT', `/Giving/ApproveCorrection?id=${refunded.body.data.id}`, { token: approver.token })).status).toBe(200);
// A refund still waiting for approval, and an entry of a batch not yet approved: neither counts.
expect(
  (
    await call('POST', '/Giving/Refund', {
      body: {
        contributionId: memberGift,
        date: '2026-04-02',
        amount: 1_000,
        reason: 'Waits',
        splits: [{ fundId: fund.Building, amount: 1_000 }],
      },
    })
  ).status,
).toBe(200);
const open = await call('POST', '/Giving/CreateBatch', { body: { name: 'Still counting', date: '2026-05-01', countedTotal: 999 } });
expect(
  (
    await call('POST', '/Giving/AddEntry', {
      body: {
        batchId: open.body.data.id,
        giverId: member.id,
        date: '2026-05-01',
        amount: 999,
        method: 'cash',
        splits: [{ fundId: fund.Building, amount: 999 }],
      },
    })
  ).status,
).toBe(200);

const YEAR = { startsOn: '2026-01-01', endsOn: '2026-12-31' };

async function addPledge(body: Record<string, unknown>, token = counter.token) {
  const res = await call('POST', '/Giving/AddPledge', { body: { amount: 500_000, ...YEAR, ...body }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const campaignBody = { name: 'New roof', fundId: fund.Building, goal: 1_000_000, startsOn: '2026-01-01', endsOn: '2026-06-30' };
const campaignRes = await call('POST', '/Giving/AddCampaign', { body: campaignBody, token: fundsOffice.token });
expect(campaignRes.status, JSON.stringify(campaignRes.body)).toBe(200);
const campaign = campaignRes.body.data;

describe('a pledge', () => {
  it("of a person counts that person's counted gifts to the fund within the period, refunds taken off", async () => {
    const pledge = await addPledge({ giverId: member.id, fundId: fund.Building });
    // 100,000 less the approved refund of 10,000; not the Tithe, not 2025, not the waiting refund nor the open batch.
    expect(pledge).toMatchObject({ giverId: member.id, fundName: 'Building', amount: 500_000, given: 90_000, householdId: null });
    expect(pledge.giverName).toBeTruthy();
  });

  it('of a family counts the gifts of every person in it', async () => {
    const pledge = await addPledge({ householdId: family.id, fundId: fund.Building, amount: 200_000 });
    expect(pledge).toMatchObject({ householdId: family.id, giverName: 'Okafor family', given: 110_000 });
  });

  it("to a campaign is to the campaign's fund, and counts within the pledge's own period", async () => {
    const pledge = await addPledge({ giverId: stranger.id, campaignId: campaign.id, startsOn: '2026-03-02', endsOn: '2026-03-02' });
    expect(pledge).toMatchObject({ fundId: fund.Building, campaignId: campaign.id, campaignName: 'New roof', given: 70_000 });
    const wrongFund = await call('POST', '/Giving/AddPledge', {
      body: { giverId: stranger.id, campaignId: campaign.id, fundId: fund.Tithe, amount: 1, ...YEAR },
    });
    expect(wrongFund.status).toBe(400);
    expect(wrongFund.body.message).toContain("campaign's fund");
  });

  it('is refused without exactly one giver, a fund, whole kobo above zero or an end after its start', async () => {
    const bad = [
      { giverId: member.id, householdId: family.id, fundId: fund.Building },
      { fundId: fund.Building },
      { giverId: member.id },
      { giverId: member.id, fundId: fund.Building, amount: 100.5 },
      { giverId: member.id, fundId: fund.Building, amount: '100' },
      { giverId: member.id, fundId: fund.Building, amount: 0 },
      { giverId: member.id, fundId: fund.Building, startsOn: '2026-05-01', endsOn: '2026-04-30' },
      { giverId: '00000000-0000-4000-8000-000000000000', fundId: fund.Building },
      { householdId: '00000000-0000-4000-8000-000000000000', fundId: fund.Building },
    ];
    for (const body of bad) {
      const res = await call('POST', '/Giving/AddPledge', { body: { amount: 1000, ...YEAR, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is changed and deleted by a counter, audited without its amount or giver', async () => {
    const pledge = await addPledge({ giverId: other.id, fundId: fund.Building, amount: 123_457 });
    const changed = await call('PUT', '/Giving/UpdatePledge', {
      body: { id: pledge.id, giverId: other.id, fundId: fund.Building, amount: 765_433, startsOn: '2026-03-01', endsOn: '2026-03-31' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ amount: 765_433, given: 20_000, startsOn: '2026-03-01' });
    expect((await call('DELETE', `/Giving/DeletePledge?id=${pledge.id}`)).status).toBe(200);
    expect((await call('GET', `/Giving/GetPledge?id=${pledge.id}`)).status).toBe(404);
    expect((await call('DELETE', `/Giving/DeletePledge?id=${pledge.id}`)).status).toBe(404);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.entityId, pledge.id));
    expect(trail.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(JSON.stringify(trail)).not.toMatch(/123457|765433|amount|giverId|householdId/i);
    expect(trail.every((r) => r.subjectId === null)).toBe(true);
  });

  it('is listed with its progress, filtered, searched and sorted by the allowlist only', async () => {
    const all = await call('GET', '/Giving/GetPledges?SortBy=given&SortOrder=desc&PageSize=100', { token: viewer.token });
    expect(all.status).toBe(200);
    const given = (all.body.data as Array<{ given: number }>).map((p) => p.given);
    expect(given).toEqual([...given].sort((a, b) => b - a));
    expect(all.body.totalCount).toBe(all.body.data.length);
    const ofFamily = await call('GET', `/Giving/GetPledges?HouseholdId=${family.id}`, { token: viewer.token });
    expect(ofFamily.body.data.map((p: { householdId: string }) => p.householdId)).toEqual([family.id]);
    const ofCampaign = await call('GET', `/Giving/GetPledges?CampaignId=${campaign.id}`, { token: viewer.token });
    expect(ofCampaign.body.data).toHaveLength(1);
    const searched = await call('GET', '/Giving/GetPledges?Search=okafor', { token: viewer.token });
    expect(searched.body.data.map((p: { giverName: string }) => p.giverName)).toEqual(['Okafor family']);
    expect((await call('GET', '/Giving/GetPledges?SortBy=note', { token: viewer.token })).status).toBe(400);
    expect((await call('GET', '/Giving/GetPledges?Colour=red', { token: viewer.token })).status).toBe(400);
  });
});

describe('one’s own pledges', () => {
  it("are one's own and one's family's, with progress, and nobody else's", async () => {
    const mine = (await call('GET', '/Giving/GetMyPledges', { token: member.token })).body.data as Array<Record<string, unknown>>;
    expect(mine.map((p) => p.given).sort()).toEqual([110_000, 90_000].sort());
    const others = (await call('GET', '/Giving/GetMyPledges', { token: other.token })).body.data as Array<Record<string, unknown>>;
    expect(others.map((p) => p.householdId)).toEqual([family.id]);
    const strangers = (await call('GET', '/Giving/GetMyPledges', { token: stranger.token })).body.data as Array<Record<string, unknown>>;
    expect(strangers.every((p) => p.giverId === stranger.id)).toBe(true);
    expect((await call('GET', '/Giving/GetMyPledges', { token: hodToken })).body.data).toEqual([]);
  });
});

describe('a campaign', () => {
  it('raised what counted to its fund within its days, from anyone, and holds what is pledged to it', async () => {
    const got = await call('GET', `/Giving/GetCampaign?id=${campaign.id}`, { token: viewer.token });
    expect(got.status).toBe(200);
    // 100,000 - 10,000 (member) + 20,000 (other) + 70,000 (stranger) + 5,000 (anonymous).
    expect(got.body.data).toMatchObject({ name: 'New roof', goal: 1_000_000, raised: 185_000, pledged: 500_000, pledges: 1 });
    expect(got.body.data.days).toEqual([
      { date: '2026-02-10', amount: 100_000 },
      { date: '2026-03-01', amount: 20_000 },
      { date: '2026-03-02', amount: 70_000 },
      { date: '2026-03-03', amount: 5_000 },
      { date: '2026-04-01', amount: -10_000 },
    ]);
    const list = await call('GET', '/Giving/GetCampaigns', { token: fundsOffice.token });
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(campaign.id);
  });

  it('is kept by the office of funds: a name used in any case is a 409; a retired or unknown fund a 400; its pledges follow its fund', async () => {
    expect(
      (await call('POST', '/Giving/AddCampaign', { body: { ...campaignBody, name: 'NEW ROOF' }, token: fundsOffice.token })).status,
    ).toBe(409);
    expect((await call('POST', '/Giving/AddCampaign', { body: { ...campaignBody, name: 'Other' } })).status).toBe(403);
    const unknown = await call('POST', '/Giving/AddCampaign', {
      body: { ...campaignBody, name: 'Ghost', fundId: '00000000-0000-4000-8000-000000000000' },
      token: fundsOffice.token,
    });
    expect(unknown.status).toBe(400);
    const backwards = await call('POST', '/Giving/AddCampaign', {
      body: { ...campaignBody, name: 'Backwards', startsOn: '2026-02-01', endsOn: '2026-01-01' },
      token: fundsOffice.token,
    });
    expect(backwards.status).toBe(400);
    const added = await call('POST', '/Giving/AddCampaign', { body: { ...campaignBody, name: 'Outreach van' }, token: fundsOffice.token });
    const pledge = await addPledge({ giverId: member.id, campaignId: added.body.data.id });
    const moved = await call('PUT', '/Giving/UpdateCampaign', {
      body: { ...campaignBody, id: added.body.data.id, name: 'Outreach van', fundId: fund.Missions, goal: 2_000_000 },
      token: fundsOffice.token,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ fundName: 'Missions', goal: 2_000_000, raised: 0 });
    expect((await call('GET', `/Giving/GetPledge?id=${pledge.id}`)).body.data).toMatchObject({ fundId: fund.Missions, given: 0 });
    const trail = await db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.entityId, [added.body.data.id, campaign.id]));
    expect(trail.length).toBeGreaterThan(1);
    expect(JSON.stringify(trail)).not.toMatch(/1000000|2000000|goal/i);
  });
});

describe('who may', () => {
  it('a role without the rights to giving reads no pledge, campaign or amount (403)', async () => {
    for (const path of ['/Giving/GetPledges', `/Giving/GetCampaign?id=${campaign.id}`, '/Giving/GetCampaigns']) {
      const res = await call('GET', path, { token: hodToken });
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toMatch(/185000|500000|given|raised/);
    }
    expect((await call('GET', '/Giving/GetPledges', { token: member.token })).status).toBe(403);
  });

  it('only counters record pledges; the readers of giving read them', async () => {
    const body = { giverId: member.id, fundId: fund.Building, amount: 1000, ...YEAR };
    expect((await call('POST', '/Giving/AddPledge', { body, token: viewer.token })).status).toBe(403);
    expect((await call('POST', '/Giving/AddPledge', { body, token: fundsOffice.token })).status).toBe(403);
    expect((await call('GET', '/Giving/GetPledges', { token: approver.token })).status).toBe(200);
    expect((await call('GET', '/Giving/GetPledges', { token: counter.token })).status).toBe(200);
    expect((await call('GET', '/Giving/GetPledges', { token: fundsOffice.token })).status).toBe(403);
    expect((await call('GET', '/Giving/GetCampaigns', { token: fundsOffice.token })).status).toBe(200);
  });
});
