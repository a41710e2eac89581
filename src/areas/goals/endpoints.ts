import { goalsCalls } from '@/domain/goals/calls';
import { list, one, post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The list's filters: react-admin name -> query name. */
const GOAL_FILTERS = {
  scope: 'Scope',
  metric: 'Metric',
  active: 'Active',
  departmentId: 'DepartmentId',
  centerId: 'CenterId',
  zoneId: 'ZoneId',
};

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const goalsEndpoints = {
  goals: {
    getList: list(goalsCalls.getAll, GOAL_FILTERS),
    getOne: one(goalsCalls.getById),
    custom: {
      createGoal: post(goalsCalls.create),
      addGoalProgress: post(goalsCalls.addProgress),
      updateGoal: { call: goalsCalls.update, body: (params) => params ?? {} },
      deleteGoal: { call: goalsCalls.delete, query: (params: { id: string }) => ({ id: params.id }) },
    },
  },
} satisfies Record<string, ResourceEndpoints>;
