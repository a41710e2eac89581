import FlagIcon from '@mui/icons-material/Flag';
import { P } from '@/domain/roles/permissions';
import { goalsCalls } from '@/domain/goals/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list, one, post } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const GOAL_FILTERS = {
  scope: 'Scope',
  metric: 'Metric',
  active: 'Active',
  departmentId: 'DepartmentId',
  centerId: 'CenterId',
  zoneId: 'ZoneId',
};

/** /goals: the goals in one's reach with their progress, a goal's chart, setting goals and recording manual progress. */
export const goals = descriptor({
  name: 'goals',
  path: '/goals',
  screen: lazyScreen(() => import('./GoalsPage'), 'GoalsPage'),
  access: { view: [P.viewGoals], create: [P.createGoals], edit: [P.updateGoals], delete: [P.deleteGoals] },
  icon: FlagIcon,
  endpoints: {
    getList: list(goalsCalls.getAll, GOAL_FILTERS),
    getOne: one(goalsCalls.getById),
    custom: {
      createGoal: post(goalsCalls.create),
      addGoalProgress: post(goalsCalls.addProgress),
      updateGoal: { call: goalsCalls.update, body: (params) => params ?? {} },
      deleteGoal: { call: goalsCalls.delete, query: (params: { id: string }) => ({ id: params.id }) },
    },
  },
});
