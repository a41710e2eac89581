import CakeIcon from '@mui/icons-material/Cake';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** The leaders the server admits (server/modules/celebrations/routes.ts); it narrows each to their scope. */
const CELEBRATION_VIEWERS = [P.updateOtherMembers, P.updateDepartment, P.approveRequests, P.viewCihCenter, P.viewCihManagement];

/** /celebrations: this week's or month's birthdays and wedding anniversaries in a leader's scope. */
export const celebrations = descriptor({
  name: 'celebrations',
  path: '/celebrations',
  screen: lazyScreen(() => import('./CelebrationsPage'), 'CelebrationsPage'),
  access: { view: CELEBRATION_VIEWERS },
  icon: CakeIcon,
});

/** The church's choice of a greeting on the day: the office's. */
export const celebrationSettings = descriptor({
  name: 'celebrationSettings',
  access: { view: [P.updateOtherMembers], edit: [P.updateOtherMembers] },
});
