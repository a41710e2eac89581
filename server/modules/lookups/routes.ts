import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '@/server/engines/crud.js';
import { registerRoutes } from '@/server/http/route.js';
import { LOOKUPS } from './definitions.js';

/** The lookup lists (domain/lookups/kinds.ts): affinity groups, ministries, units, special units, accessories, MOI, mountains of influence. */
export async function lookupsModule(app: FastifyInstance) {
  registerRoutes(app, LOOKUPS.flatMap(crudRoutes));
}
