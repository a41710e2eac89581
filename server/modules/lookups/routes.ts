import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '@/server/engines/crud.js';
import { registerRoutes } from '@/server/http/route.js';
import { LOOKUPS } from './definitions.js';

/** Ministries, units, special units, accessories, MOI, mountains of influence, affinity groups. */
export async function lookupsModule(app: FastifyInstance) {
  registerRoutes(app, LOOKUPS.flatMap(crudRoutes));
}
