import { givingReportCalls as reports, pledgeCalls as calls } from '@/domain/giving/pledgeCalls';
import { get, list, post, whole, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The pledge list's filters: react-admin name -> query name. */
const PLEDGE_FILTERS = { campaignId: 'CampaignId', fundId: 'FundId', giverId: 'GiverId', householdId: 'HouseholdId' };

/** Campaigns, pledges and reports (docs/decisions/0234): rows of the endpoint table under their descriptors' names (pledgeScreens.ts). */
export const pledgeEndpoints = {
  givingCampaigns: {
    getList: whole(calls.getCampaigns),
    custom: {
      getGivingCampaign: get(calls.getCampaign),
      addGivingCampaign: post(calls.addCampaign),
      updateGivingCampaign: post(calls.updateCampaign),
    },
  },
  pledges: {
    getList: list(calls.getPledges, PLEDGE_FILTERS),
    custom: { addPledge: post(calls.addPledge), updatePledge: post(calls.updatePledge), deletePledge: get(calls.deletePledge) },
  },
  givingReports: {
    custom: {
      getFundMonthTotals: get(reports.fundMonthTotals),
      getGiverBands: get(reports.giverBands),
      getFirstTimeGivers: get(reports.firstTimeGivers),
      getLapsedGivers: get(reports.lapsedGivers),
    },
  },
  myPledges: { custom: { getMyPledges: get(calls.getMyPledges) } },
} satisfies Record<string, ResourceEndpoints>;
