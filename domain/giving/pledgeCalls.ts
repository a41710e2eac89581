import { defineCall, responseType } from '@/domain/common/calls.js';
import { idQuery } from '@/domain/common/fields.js';
import {
  campaignCreateSchema,
  campaignUpdateSchema,
  pledgeCreateSchema,
  pledgeUpdateSchema,
  type Campaign,
  type CampaignWithDays,
  type Pledge,
} from './pledges.js';
import {
  lapsedQuery,
  reportPeriodQuery,
  type FirstTimeGivers,
  type FundMonthTotals,
  type GiverBands,
  type LapsedGivers,
} from './reports.js';

/** Giving's campaigns and pledges (docs/decisions/0234-pledges-campaigns-reports.md), under /Giving as the rest of giving. */
export const pledgeCalls = {
  getCampaigns: defineCall({ method: 'GET', path: '/Giving/GetCampaigns', response: responseType<Campaign[]>() }),
  getCampaign: defineCall({ method: 'GET', path: '/Giving/GetCampaign', query: idQuery, response: responseType<CampaignWithDays>() }),
  addCampaign: defineCall({ method: 'POST', path: '/Giving/AddCampaign', body: campaignCreateSchema, response: responseType<Campaign>() }),
  updateCampaign: defineCall({
    method: 'PUT',
    path: '/Giving/UpdateCampaign',
    body: campaignUpdateSchema,
    response: responseType<Campaign>(),
  }),
  /** Paged, with filters CampaignId, FundId, GiverId, HouseholdId; sorts startsOn, endsOn, amount, given (server/modules/giving/pledgeRoutes.ts). */
  getPledges: defineCall({ method: 'GET', path: '/Giving/GetPledges', response: responseType<Pledge[]>() }),
  getPledge: defineCall({ method: 'GET', path: '/Giving/GetPledge', query: idQuery, response: responseType<Pledge>() }),
  addPledge: defineCall({ method: 'POST', path: '/Giving/AddPledge', body: pledgeCreateSchema, response: responseType<Pledge>() }),
  updatePledge: defineCall({ method: 'PUT', path: '/Giving/UpdatePledge', body: pledgeUpdateSchema, response: responseType<Pledge>() }),
  deletePledge: defineCall({ method: 'DELETE', path: '/Giving/DeletePledge', query: idQuery }),
  /** The caller's own pledges and their family's, with progress; nobody else's. */
  getMyPledges: defineCall({ method: 'GET', path: '/Giving/GetMyPledges', response: responseType<Pledge[]>() }),
};

/** Giving's reports, for the readers of giving (CAN_VIEW_GIVING) only. */
export const givingReportCalls = {
  fundMonthTotals: defineCall({
    method: 'GET',
    path: '/Giving/GetFundMonthTotals',
    query: reportPeriodQuery,
    response: responseType<FundMonthTotals>(),
  }),
  giverBands: defineCall({ method: 'GET', path: '/Giving/GetGiverBands', query: reportPeriodQuery, response: responseType<GiverBands>() }),
  firstTimeGivers: defineCall({
    method: 'GET',
    path: '/Giving/GetFirstTimeGivers',
    query: reportPeriodQuery,
    response: responseType<FirstTimeGivers>(),
  }),
  lapsedGivers: defineCall({ method: 'GET', path: '/Giving/GetLapsedGivers', query: lapsedQuery, response: responseType<LapsedGivers>() }),
};
