import type { z } from 'zod';
import { optionalId } from '@/domain/common/fields.js';
import { givingReportCalls, pledgeCalls } from '@/domain/giving/pledgeCalls.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db } from '@/server/db/client.js';
import { listQuery, PAGE_SIZE_CAP } from '@/server/engines/list.js';
import { ok, page } from '@/server/http/envelope.js';
import { route, type AnyRouteDef } from '@/server/http/route.js';
import {
  addCampaign,
  addPledge,
  campaignById,
  campaignList,
  campaignWithDays,
  deletePledge,
  pledgeById,
  pledgePage,
  pledgesOf,
  updateCampaign,
  updatePledge,
  type PledgeFilters,
} from './pledges.js';
import { firstTimeGivers, fundMonthTotals, giverBands, lapsedGivers, periodOf } from './reports.js';

/**
 * Campaigns, pledges and reports (docs/decisions/0234-pledges-campaigns-reports.md), registered by
 * giving's module. The office of funds (CAN_UPDATE_GIVING) keeps campaigns; counters
 * (CAN_CREATE_GIVING) record pledges; whoever reads giving's amounts elsewhere reads these; the
 * reports are for CAN_VIEW_GIVING alone. Everyone signed in reads their own pledges, and only theirs.
 */
const tag = 'Giving';
const READERS = [P.viewGiving, P.recordGiving, P.approveGiving];
const campaignReaders = { permission: [...READERS, P.manageFunds] };
const pledgeReaders = { permission: READERS };
const reportReaders = { permission: P.viewGiving };

const pledgeFilters = {
  campaignId: optionalId('CampaignId'),
  fundId: optionalId('FundId'),
  giverId: optionalId('GiverId'),
  householdId: optionalId('HouseholdId'),
};

export function pledgeRoutes(db: Db): AnyRouteDef[] {
  return [
    route({
      call: pledgeCalls.getCampaigns,
      tag,
      summary:
        '(added) Campaigns, the latest to start first, each with its goal, what it raised (its fund within its days) and what is pledged',
      access: campaignReaders,
      handler: async () => ok(await campaignList(db)),
    }),
    route({
      call: pledgeCalls.getCampaign,
      tag,
      summary: '(added) A campaign with what came in each day of its period, for its chart',
      access: campaignReaders,
      handler: async ({ query }) => ok(await campaignWithDays(db, query.id)),
    }),
    route({
      call: pledgeCalls.addCampaign,
      tag,
      summary: '(added) Add a campaign: name (unique whatever its case: 409), fund in use, goal in kobo, start and end',
      access: { permission: P.manageFunds },
      async handler({ body, mutate }) {
        const id = await mutate((tx, audit) => addCampaign(tx, audit, body));
        return ok(await campaignById(db, id), 'Campaign added');
      },
    }),
    route({
      call: pledgeCalls.updateCampaign,
      tag,
      summary: '(added) Change a campaign; its pledges follow its fund',
      access: { permission: P.manageFunds },
      async handler({ body, mutate }) {
        await mutate((tx, audit) => updateCampaign(tx, audit, body));
        return ok(await campaignById(db, body.id), 'Campaign saved');
      },
    }),
    route({
      call: pledgeCalls.getPledges,
      tag,
      summary:
        "(added) Pledges with their progress (what the person, or the family's people, gave to the fund within the period): filters CampaignId, FundId, GiverId, HouseholdId; search by name; sorts startsOn, endsOn, amount, given, giverName; paged",
      access: pledgeReaders,
      query: listQuery(pledgeFilters, PAGE_SIZE_CAP) as z.ZodType<PledgeFilters>,
      async handler({ query }) {
        const { rows, total } = await pledgePage(db, query);
        return page(rows, total);
      },
    }),
    route({
      call: pledgeCalls.getPledge,
      tag,
      summary: '(added) One pledge with its progress',
      access: pledgeReaders,
      handler: async ({ query }) => ok(await pledgeById(db, query.id)),
    }),
    route({
      call: pledgeCalls.addPledge,
      tag,
      summary:
        "(added) Record a pledge: a person or a family, a fund or a campaign (then the campaign's fund), an amount in kobo, a period",
      access: { permission: P.recordGiving },
      async handler({ body, caller, mutate }) {
        const id = await mutate((tx, audit) => addPledge(tx, audit, caller!, body));
        return ok(await pledgeById(db, id), 'Pledge recorded');
      },
    }),
    route({
      call: pledgeCalls.updatePledge,
      tag,
      summary: '(added) Change a pledge',
      access: { permission: P.recordGiving },
      async handler({ body, mutate }) {
        await mutate((tx, audit) => updatePledge(tx, audit, body));
        return ok(await pledgeById(db, body.id), 'Pledge saved');
      },
    }),
    route({
      call: pledgeCalls.deletePledge,
      tag,
      summary: '(added) Delete a pledge (the gifts towards it stay)',
      access: { permission: P.recordGiving },
      async handler({ query, mutate }) {
        await mutate((tx, audit) => deletePledge(tx, audit, query.id));
        return ok(null, 'Pledge deleted');
      },
    }),
    route({
      call: pledgeCalls.getMyPledges,
      tag,
      summary: "(added) The caller's own pledges and their family's, with progress; nobody reads another's here",
      access: { signedIn: true },
      handler: async ({ caller }) => ok(await pledgesOf(db, caller!.id)),
    }),
  ];
}

export function givingReportRoutes(db: Db): AnyRouteDef[] {
  return [
    route({
      call: givingReportCalls.fundMonthTotals,
      tag,
      summary: '(added) What counted to each fund in each month of the period (From, To; this year by default)',
      access: reportReaders,
      handler: async ({ query }) => ok(await fundMonthTotals(db, periodOf(query))),
    }),
    route({
      call: givingReportCalls.giverBands,
      tag,
      summary: '(added) How many givers gave how much in the period, by amount band',
      access: reportReaders,
      handler: async ({ query }) => ok(await giverBands(db, periodOf(query))),
    }),
    route({
      call: givingReportCalls.firstTimeGivers,
      tag,
      summary: '(added) The givers whose first gift falls in the period, with what they gave in it',
      access: reportReaders,
      handler: async ({ query }) => ok(await firstTimeGivers(db, periodOf(query))),
    }),
    route({
      call: givingReportCalls.lapsedGivers,
      tag,
      summary: '(added) The givers who gave in the year before Year (this year by default) and not in Year',
      access: reportReaders,
      handler: async ({ query }) => ok(await lapsedGivers(db, query.year)),
    }),
  ];
}
