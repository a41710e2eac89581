import { defineCall, responseType } from '@/domain/common/calls.js';
import { idQuery, userIdQuery } from '@/domain/common/fields.js';
import {
  householdAddMemberSchema,
  householdCreateSchema,
  householdRoleSchema,
  householdUpdateSchema,
  type Household,
  type HouseholdSummary,
} from './schemas.js';

/** Households: families, their members and roles, and one shared address (docs/decisions/0213-households.md). */
export const householdsCalls = {
  getAll: defineCall({ method: 'GET', path: '/Households/GetAll', response: responseType<HouseholdSummary[]>() }),
  getById: defineCall({ method: 'GET', path: '/Households/GetById', query: idQuery, response: responseType<Household>() }),
  getByPerson: defineCall({
    method: 'GET',
    path: '/Households/GetByPerson',
    query: userIdQuery,
    response: responseType<Household | null>(),
  }),
  create: defineCall({ method: 'POST', path: '/Households/Create', body: householdCreateSchema, response: responseType<Household>() }),
  update: defineCall({ method: 'PUT', path: '/Households/Update', body: householdUpdateSchema, response: responseType<Household>() }),
  delete: defineCall({ method: 'DELETE', path: '/Households/Delete', query: idQuery }),
  addMember: defineCall({
    method: 'POST',
    path: '/Households/AddMember',
    body: householdAddMemberSchema,
    response: responseType<Household>(),
  }),
  changeRole: defineCall({ method: 'PUT', path: '/Households/ChangeRole', body: householdRoleSchema, response: responseType<Household>() }),
  removeMember: defineCall({ method: 'DELETE', path: '/Households/RemoveMember', query: idQuery, response: responseType<Household>() }),
};
