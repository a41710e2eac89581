import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import DescriptionIcon from '@mui/icons-material/Description';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Who reads batches and contributions (server/modules/giving/routes.ts: the same rule). */
const READERS = [P.viewGiving, P.recordGiving, P.approveGiving];

/**
 * /giving/batches: the batches, newest first, and 'Start a batch' for counters; /giving/batches/:id:
 * a batch's page, where counters enter gifts against the counted total and post it, and someone
 * else approves it (docs/decisions/0227-giving.md).
 */
export const givingBatches = descriptor({
  name: 'givingBatches',
  path: '/giving/batches',
  screen: lazyScreen(() => import('./BatchesPage'), 'BatchesPage'),
  routes: [{ path: '/giving/batches/:id', title: 'givingBatch', screen: lazyScreen(() => import('./BatchPage'), 'BatchPage') }],
  access: { view: READERS, create: [P.recordGiving], approve: [P.approveGiving] },
  icon: ReceiptLongIcon,
});

/** /giving/contributions: the gifts that count, filtered by fund, method and dates, with a CSV export. */
export const contributions = descriptor({
  name: 'contributions',
  path: '/giving/contributions',
  screen: lazyScreen(() => import('./ContributionsPage'), 'ContributionsPage'),
  access: { view: READERS },
  icon: VolunteerActivismIcon,
});

/** /giving/funds: the funds; the office (CAN_UPDATE_GIVING) adds and retires them. */
export const givingFunds = descriptor({
  name: 'givingFunds',
  path: '/giving/funds',
  screen: lazyScreen(() => import('./FundsPage'), 'FundsPage'),
  access: { view: [...READERS, P.manageFunds], edit: [P.manageFunds] },
  icon: AccountBalanceIcon,
});

/**
 * /giving/statements: each giver's statement for a period, one giver or all, downloaded as PDF by
 * the readers of giving and mailed by the counters (docs/decisions/0235-giving-statements.md).
 */
export const givingStatements = descriptor({
  name: 'givingStatements',
  path: '/giving/statements',
  screen: lazyScreen(() => import('./StatementsPage'), 'StatementsPage'),
  access: { view: [P.viewGiving, P.recordGiving], download: [P.viewGiving], mail: [P.recordGiving] },
  icon: DescriptionIcon,
});

/** One's own giving, on one's own profile: the server answers the caller's own gifts only. */
export const myGiving = descriptor({
  name: 'myGiving',
  access: { view: SIGNED_IN },
});

/**
 * /giving/unmatched: online gifts whose giver Flock could not tell, with what the provider said
 * of the payer; a counter matches each to a person (docs/decisions/0233-paystack-webhook.md).
 */
export const unmatchedGifts = descriptor({
  name: 'unmatchedGifts',
  path: '/giving/unmatched',
  screen: lazyScreen(() => import('./UnmatchedPage'), 'UnmatchedPage'),
  access: { view: READERS, edit: [P.recordGiving] },
  icon: PersonSearchIcon,
});

/** /giving/corrections: refunds and corrections waiting for someone other than their recorder to approve them. */
export const givingCorrections = descriptor({
  name: 'givingCorrections',
  path: '/giving/corrections',
  screen: lazyScreen(() => import('./CorrectionsPage'), 'CorrectionsPage'),
  access: { view: READERS, approve: [P.approveGiving] },
  icon: FactCheckIcon,
});
