import FlagIcon from '@mui/icons-material/Flag';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /goals: the goals in one's reach with their progress, a goal's chart, setting goals and recording manual progress. */
export const goals = descriptor({
  name: 'goals',
  path: '/goals',
  screen: lazyScreen(() => import('./GoalsPage'), 'GoalsPage'),
  access: { view: [P.viewGoals], create: [P.createGoals], edit: [P.updateGoals], delete: [P.deleteGoals] },
  icon: FlagIcon,
});
