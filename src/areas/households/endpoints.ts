import { householdsCalls as calls } from '@/domain/households/calls';
import { list, one, post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const householdsEndpoints = {
  households: {
    getList: list(calls.getAll),
    getOne: one(calls.getById),
    custom: {
      createHousehold: post(calls.create),
      updateHousehold: post(calls.update),
      deleteHousehold: { call: calls.delete, query: (p: { id: string }) => ({ Id: p.id }) },
      addHouseholdMember: post(calls.addMember),
      changeHouseholdRole: post(calls.changeRole),
      removeHouseholdMember: { call: calls.removeMember, query: (p: { id: string }) => ({ Id: p.id }) },
    },
  },
  personHousehold: {
    custom: {
      getPersonHousehold: { call: calls.getByPerson, query: (p: { userId: string }) => ({ UserId: p.userId }) },
    },
  },
} satisfies Record<string, ResourceEndpoints>;
