import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { demiseRoutes } from './demise.js';
import { firstTimerRoutes } from './firstTimers.js';
import { userRoutes } from './users.js';

/** People administration (issue 4): users, first-timers and archived members. */
export async function adminModule(app: FastifyInstance) {
  registerRoutes(app, [...userRoutes, ...firstTimerRoutes, ...demiseRoutes]);
}
