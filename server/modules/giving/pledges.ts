import { eq, sql, type SQL } from 'drizzle-orm';
import type { Campaign, CampaignInput, CampaignWithDays, Pledge, PledgeInput } from '@/domain/giving/pledges.js';
import type { Db, Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { givingCampaigns, givingFunds, households, pledges, users } from '@/server/db/schema/index.js';
import { orderOf, pageOf, type ListParams } from '@/server/engines/list.js';
import { searchPattern } from '@/server/engines/memberList.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { countsSql, kobo, signedSql } from './counted.js';

/**
 * Campaigns and pledges (docs/decisions/0234-pledges-campaigns-reports.md): read with what
 * counted towards them, changed in the caller's one transaction and audited without amounts nor
 * givers, as the rest of giving (docs/decisions/0227-giving.md).
 */

type Audit = (e: AuditEntry) => void;

const CAMPAIGN_NOT_FOUND = 'Campaign not found';
const PLEDGE_NOT_FOUND = 'Pledge not found';

/** What counted to a fund between two days, from the givers the `who` condition keeps (a pledge's). */
const givenSql = (fund: SQL, from: SQL, to: SQL, who: SQL) => sql`coalesce((
    select sum(${signedSql('c', 's.amount')}) from contributions c join contribution_splits s on s.contribution_id = c.id
    where s.fund_id = ${fund} and c.date between ${from} and ${to} and ${who} and ${countsSql('c')}), 0)`;

// ---- Campaigns

/**
 * What counted to a campaign's fund within its days, from anyone, read from the totals kept per
 * fund and day (docs/decisions/0245): what givenSql would add up from everyone, at any number of gifts.
 */
const raisedSql = sql`coalesce((
    select sum(t.amount) from giving_fund_totals t where t.fund_id = g.fund_id and t.day between g.starts_on and g.ends_on), 0)`;

type CampaignRow = Omit<Campaign, 'goal' | 'raised' | 'pledged'> & { goal: string; raised: string; pledged: string };

async function campaignsWhere(db: Db | Tx, where: SQL): Promise<Campaign[]> {
  const rows = rowsOf<CampaignRow>(
    await db.execute(sql`
      select g.id, g.name, g.fund_id as "fundId", f.name as "fundName", g.goal::text as goal, g.currency,
        g.starts_on::text as "startsOn", g.ends_on::text as "endsOn", g.description,
        ${raisedSql}::text as raised,
        coalesce((select sum(p.amount) from pledges p where p.campaign_id = g.id), 0)::text as pledged,
        (select count(*)::int from pledges p where p.campaign_id = g.id) as pledges
      from giving_campaigns g join giving_funds f on f.id = g.fund_id
      where ${where}
      order by g.starts_on desc, lower(g.name), g.id`),
  );
  return rows.map((r) => ({ ...r, goal: kobo(r.goal), raised: kobo(r.raised), pledged: kobo(r.pledged), pledges: Number(r.pledges) }));
}

/** The campaigns, the latest to start first, each with what it raised and what is pledged to it. */
export const campaignList = (db: Db | Tx) => campaignsWhere(db, sql`true`);

export async function campaignById(db: Db | Tx, id: string): Promise<Campaign> {
  const [row] = await campaignsWhere(db, sql`g.id = ${id}`);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

/** A campaign with what came in each day of its period (only days with money), for its chart. */
export async function campaignWithDays(db: Db | Tx, id: string): Promise<CampaignWithDays> {
  const campaign = await campaignById(db, id);
  const days = rowsOf<{ date: string; amount: string }>(
    await db.execute(sql`
      select t.day::text as date, sum(t.amount)::text as amount from giving_fund_totals t
      where t.fund_id = ${campaign.fundId} and t.day between ${campaign.startsOn} and ${campaign.endsOn}
      group by t.day having sum(t.splits) > 0 order by t.day`),
  );
  return { ...campaign, days: days.map((d) => ({ date: d.date, amount: kobo(d.amount) })) };
}

/** A fund that exists, and is in use unless it is the one the record already names (a retired fund takes nothing new). */
async function usableFund(tx: Tx, fundId: string, current?: string) {
  const [fund] = await tx.select().from(givingFunds).where(eq(givingFunds.id, fundId.toLowerCase()));
  if (!fund) throw badRequest('Fund not found', { fundId: ['Fund not found'] });
  if (fund.retiredAt && fund.id !== current) throw badRequest(`The fund '${fund.name}' is retired`, { fundId: ['Retired fund'] });
  return fund;
}

/** What the audit keeps of a campaign: never its goal. */
const campaignTrace = (c: typeof givingCampaigns.$inferSelect) => ({
  name: c.name,
  fundId: c.fundId,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
});

const nameTaken = (name: string) => (err: unknown) => {
  if (isUniqueViolation(err, 'giving_campaigns_name_key')) throw conflict(`A campaign named '${name}' already exists`);
  throw err;
};

export async function addCampaign(tx: Tx, audit: Audit, input: CampaignInput): Promise<string> {
  const fund = await usableFund(tx, input.fundId);
  const [row] = await tx
    .insert(givingCampaigns)
    .values({ ...campaignValues(input), fundId: fund.id })
    .returning()
    .catch(nameTaken(input.name));
  audit({ action: 'create', entity: 'givingCampaign', entityId: row.id, after: campaignTrace(row) });
  return row.id;
}

const campaignValues = (input: CampaignInput) => ({
  name: input.name,
  goal: input.goal,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  description: input.description || null,
});

/** A campaign changed; its pledges follow its fund, since a pledge to a campaign is to the campaign's fund. */
export async function updateCampaign(tx: Tx, audit: Audit, input: CampaignInput & { id: string }) {
  const [before] = await tx.select().from(givingCampaigns).where(eq(givingCampaigns.id, input.id)).for('update');
  if (!before) throw notFound(CAMPAIGN_NOT_FOUND);
  const fund = await usableFund(tx, input.fundId, before.fundId);
  const [after] = await tx
    .update(givingCampaigns)
    .set({ ...campaignValues(input), fundId: fund.id, updatedAt: new Date() })
    .where(eq(givingCampaigns.id, input.id))
    .returning()
    .catch(nameTaken(input.name));
  if (fund.id !== before.fundId)
    await tx.update(pledges).set({ fundId: fund.id, updatedAt: new Date() }).where(eq(pledges.campaignId, input.id));
  audit({ action: 'update', entity: 'givingCampaign', entityId: input.id, before: campaignTrace(before), after: campaignTrace(after) });
}

// ---- Pledges

export type PledgeFilters = ListParams & { campaignId?: string; fundId?: string; giverId?: string; householdId?: string };

/**
 * Whose gifts count towards a pledge: its giver's own; or, for a family's, those of every person
 * in the family now and those given in the family's name (docs/decisions/0244-family-giver.md).
 */
const giversOf = (p: string) =>
  sql.raw(`(c.giver_id in (select ${p}.giver_id where ${p}.giver_id is not null
    union all select hm.user_id from household_members hm where hm.household_id = ${p}.household_id and hm.user_id is not null)
    or c.household_id = ${p}.household_id)`);

const pledgeFields = sql`
  p.id, p.giver_id as "giverId", p.household_id as "householdId",
  coalesce(nullif(concat_ws(' ', u.first_name, u.sur_name), ''), h.name) as "giverName",
  p.fund_id as "fundId", f.name as "fundName", p.campaign_id as "campaignId", g.name as "campaignName",
  p.amount::text as amount, p.currency, p.starts_on::text as "startsOn", p.ends_on::text as "endsOn", p.note,
  p.given::text as given, p.updated_at as "updatedAt"`;

const pledgeSource = sql`(select pl.*, ${givenSql(sql`pl.fund_id`, sql`pl.starts_on`, sql`pl.ends_on`, giversOf('pl'))} as given from pledges pl) p
  join giving_funds f on f.id = p.fund_id
  left join giving_campaigns g on g.id = p.campaign_id
  left join users u on u.id = p.giver_id
  left join households h on h.id = p.household_id`;

type PledgeRow = Omit<Pledge, 'amount' | 'given' | 'updatedAt'> & { amount: string; given: string; updatedAt: string | Date };

const pledgeOf = (r: PledgeRow): Pledge => ({
  ...r,
  amount: kobo(r.amount),
  given: kobo(r.given),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const PLEDGE_SORTS: Record<string, SQL> = {
  startsOn: sql`p.starts_on`,
  endsOn: sql`p.ends_on`,
  amount: sql`p.amount`,
  given: sql`p.given`,
  giverName: sql`lower(coalesce(nullif(concat_ws(' ', u.first_name, u.sur_name), ''), h.name))`,
};

async function pledgesWhere(db: Db | Tx, where: SQL, order: SQL[] = [sql`p.starts_on desc`, sql`p.id`], limit = 1000, offset = 0) {
  const rows = rowsOf<PledgeRow>(
    await db.execute(sql`select ${pledgeFields} from ${pledgeSource} where ${where}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`),
  );
  return rows.map(pledgeOf);
}

/** The church's pledges with their progress, filtered, searched by the person's or family's name, sorted by the allowlist, paged. */
export async function pledgePage(db: Db | Tx, q: PledgeFilters) {
  const conditions = [
    q.campaignId ? sql`p.campaign_id = ${q.campaignId.toLowerCase()}` : undefined,
    q.fundId ? sql`p.fund_id = ${q.fundId.toLowerCase()}` : undefined,
    q.giverId ? sql`p.giver_id = ${q.giverId.toLowerCase()}` : undefined,
    q.householdId ? sql`p.household_id = ${q.householdId.toLowerCase()}` : undefined,
    q.search
      ? sql`flock_fold(coalesce(nullif(concat_ws(' ', u.first_name, u.sur_name), ''), h.name, '')) like ${searchPattern(q.search)}`
      : undefined,
  ].filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, PLEDGE_SORTS, [sql`p.starts_on desc`, sql`p.id`]);
  const rows = await pledgesWhere(db, where, order, limit, offset);
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pledges p
      left join users u on u.id = p.giver_id left join households h on h.id = p.household_id where ${where}`),
  );
  return { rows, total: Number(n) };
}

export async function pledgeById(db: Db | Tx, id: string): Promise<Pledge> {
  const [row] = await pledgesWhere(db, sql`p.id = ${id}`);
  if (!row) throw notFound(PLEDGE_NOT_FOUND);
  return row;
}

/** One's own pledges and one's family's, with progress: by the caller's id only. */
export const pledgesOf = (db: Db | Tx, userId: string) =>
  pledgesWhere(
    db,
    sql`(p.giver_id = ${userId} or p.household_id in (select hm.household_id from household_members hm where hm.user_id = ${userId}))`,
  );

/** The giver: a person in Flock, or a family (one of the two; the schema says so too). */
async function mustBeGiver(tx: Tx, input: PledgeInput) {
  if (input.giverId) {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.giverId.toLowerCase()));
    if (!found) throw badRequest('Giver not found', { giverId: ['Not a person in Flock'] });
  } else {
    const [found] = await tx.select({ id: households.id }).from(households).where(eq(households.id, input.householdId!.toLowerCase()));
    if (!found) throw badRequest('Family not found', { householdId: ['Not a family in Flock'] });
  }
}

/** The fund a pledge is for: its campaign's when it names one (a different fund is a 400), else the fund it names. */
async function pledgeFund(tx: Tx, input: PledgeInput, current?: typeof pledges.$inferSelect) {
  if (!input.campaignId) return (await usableFund(tx, input.fundId!, current?.fundId)).id;
  const [campaign] = await tx.select().from(givingCampaigns).where(eq(givingCampaigns.id, input.campaignId.toLowerCase()));
  if (!campaign) throw badRequest(CAMPAIGN_NOT_FOUND, { campaignId: [CAMPAIGN_NOT_FOUND] });
  if (input.fundId && input.fundId.toLowerCase() !== campaign.fundId)
    throw badRequest("A pledge to a campaign is to the campaign's fund", { fundId: ["Not the campaign's fund"] });
  return (await usableFund(tx, campaign.fundId, current?.fundId)).id;
}

/** What the audit keeps of a pledge: where it goes and when, never the amount nor the giver. */
const pledgeTrace = (p: typeof pledges.$inferSelect) => ({
  fundId: p.fundId,
  campaignId: p.campaignId,
  startsOn: p.startsOn,
  endsOn: p.endsOn,
});

async function pledgeValues(tx: Tx, input: PledgeInput, current?: typeof pledges.$inferSelect) {
  await mustBeGiver(tx, input);
  return {
    giverId: input.giverId ? input.giverId.toLowerCase() : null,
    householdId: input.householdId ? input.householdId.toLowerCase() : null,
    fundId: await pledgeFund(tx, input, current),
    campaignId: input.campaignId ? input.campaignId.toLowerCase() : null,
    amount: input.amount,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    note: input.note || null,
  };
}

export async function addPledge(tx: Tx, audit: Audit, caller: Caller, input: PledgeInput): Promise<string> {
  const [row] = await tx
    .insert(pledges)
    .values({ ...(await pledgeValues(tx, input)), recordedBy: caller.id })
    .returning();
  audit({ action: 'create', entity: 'pledge', entityId: row.id, after: pledgeTrace(row) });
  return row.id;
}

async function lockedPledge(tx: Tx, id: string) {
  const [row] = await tx.select().from(pledges).where(eq(pledges.id, id)).for('update');
  if (!row) throw notFound(PLEDGE_NOT_FOUND);
  return row;
}

export async function updatePledge(tx: Tx, audit: Audit, input: PledgeInput & { id: string }) {
  const before = await lockedPledge(tx, input.id);
  const [after] = await tx
    .update(pledges)
    .set({ ...(await pledgeValues(tx, input, before)), updatedAt: new Date() })
    .where(eq(pledges.id, input.id))
    .returning();
  audit({ action: 'update', entity: 'pledge', entityId: input.id, before: pledgeTrace(before), after: pledgeTrace(after) });
}

/** A promise withdrawn: the pledge goes; the gifts made towards it stay, as all gifts do. */
export async function deletePledge(tx: Tx, audit: Audit, id: string) {
  const before = await lockedPledge(tx, id);
  await tx.delete(pledges).where(eq(pledges.id, id));
  audit({ action: 'delete', entity: 'pledge', entityId: id, before: pledgeTrace(before) });
}
