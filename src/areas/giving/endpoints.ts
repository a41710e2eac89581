import { givingCalls as calls } from '@/domain/giving/calls';
import { get, list, post, whole, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The contribution list's filters: react-admin name -> query name. */
const CONTRIBUTION_FILTERS = { fundId: 'FundId', householdId: 'HouseholdId', method: 'Method', from: 'From', to: 'To' };

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const givingEndpoints = {
  givingFunds: {
    getList: whole(calls.getFunds),
    custom: { createGivingFund: post(calls.createFund), retireGivingFund: get(calls.retireFund) },
  },
  givingBatches: {
    getList: whole(calls.getBatches),
    custom: {
      getGivingBatch: get(calls.getBatch),
      createGivingBatch: post(calls.createBatch),
      addGivingEntry: post(calls.addEntry),
      removeGivingEntry: get(calls.removeEntry),
      postGivingBatch: get(calls.postBatch),
      approveGivingBatch: get(calls.approveBatch),
    },
  },
  contributions: { getList: list(calls.getContributions, CONTRIBUTION_FILTERS) },
  // The office's reviews (docs/decisions/0233): online gifts to match, refunds and corrections to approve.
  unmatchedGifts: { getList: whole(calls.getUnmatchedContributions), custom: { matchGivingContribution: post(calls.matchContribution) } },
  givingCorrections: { getList: whole(calls.getPendingCorrections), custom: { approveGivingCorrection: get(calls.approveCorrection) } },
  myGiving: { custom: { getMyGiving: get(calls.getMine) } },
  givingStatements: {
    custom: { getGivingStatements: get(calls.getStatements), mailGivingStatements: post(calls.mailStatements) },
  },
} satisfies Record<string, ResourceEndpoints>;
