import { goalProgressSchema, goalSchema, goalUpdateSchema } from '@/domain/goals/metrics.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** Goals and their progress. */
export const goalsCalls = {
  getAll: defineCall({ method: 'GET', path: '/Goal/GetAll' }),
  getById: defineCall({ method: 'GET', path: '/Goal/GetById', query: idQuery }),
  create: defineCall({ method: 'POST', path: '/Goal/Create', body: goalSchema }),
  update: defineCall({ method: 'PUT', path: '/Goal/Update', body: goalUpdateSchema }),
  delete: defineCall({ method: 'DELETE', path: '/Goal/Delete', query: idQuery }),
  addProgress: defineCall({ method: 'POST', path: '/Goal/AddProgress', body: goalProgressSchema }),
};
