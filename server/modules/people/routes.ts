import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { firstTimerRoutes } from './firstTimerRoutes.js';
import { importRoutes } from './importRoutes.js';
import { memberRoutes } from './memberRoutes.js';
import { stageRoutes } from './stageRoutes.js';
import { userRoutes } from './userRoutes.js';

/** People: the member list and the archive, users and administrators, first-timers, stages, and the member import. */
export async function peopleModule(app: FastifyInstance) {
  registerRoutes(app, [...memberRoutes, ...userRoutes, ...firstTimerRoutes, ...stageRoutes, ...importRoutes]);
}
