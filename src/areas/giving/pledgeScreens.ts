import CampaignIcon from '@mui/icons-material/Campaign';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InsightsIcon from '@mui/icons-material/Insights';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Who reads pledges: whoever reads giving's amounts elsewhere (server/modules/giving/pledgeRoutes.ts: the same rule). */
const READERS = [P.viewGiving, P.recordGiving, P.approveGiving];

/**
 * /giving/campaigns: the campaigns with their goal and what they raised; the office of funds
 * (CAN_UPDATE_GIVING) adds and changes them. /giving/campaigns/:id: a campaign's total, goal,
 * chart and pledges (docs/decisions/0234-pledges-campaigns-reports.md).
 */
export const givingCampaigns = descriptor({
  name: 'givingCampaigns',
  path: '/giving/campaigns',
  screen: lazyScreen(() => import('./CampaignsPage'), 'CampaignsPage'),
  routes: [{ path: '/giving/campaigns/:id', title: 'givingCampaign', screen: lazyScreen(() => import('./CampaignPage'), 'CampaignPage') }],
  access: { view: [...READERS, P.manageFunds], edit: [P.manageFunds] },
  icon: CampaignIcon,
});

/** /giving/pledges: pledges with their progress; counters (CAN_CREATE_GIVING) record, change and delete them. */
export const pledges = descriptor({
  name: 'pledges',
  path: '/giving/pledges',
  screen: lazyScreen(() => import('./PledgesPage'), 'PledgesPage'),
  access: { view: READERS, edit: [P.recordGiving] },
  icon: HandshakeIcon,
});

/** /giving/reports: totals by fund and month, givers by band, first-time and lapsed givers, for CAN_VIEW_GIVING only. */
export const givingReports = descriptor({
  name: 'givingReports',
  path: '/giving/reports',
  screen: lazyScreen(() => import('./GivingReportsPage'), 'GivingReportsPage'),
  access: { view: [P.viewGiving] },
  icon: InsightsIcon,
});

/** One's own pledges, on one's own profile: the server answers the caller's own and their family's only. */
export const myPledges = descriptor({
  name: 'myPledges',
  access: { view: SIGNED_IN },
});
