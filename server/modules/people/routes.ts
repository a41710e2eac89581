import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { directoryRoutes } from './directoryRoutes.js';
import { duplicateRoutes } from './duplicateRoutes.js';
import { firstTimerRoutes } from './firstTimerRoutes.js';
import { importRoutes } from './importRoutes.js';
import { memberRoutes } from './memberRoutes.js';
import { savedListRoutes } from './savedListRoutes.js';
import { stageRoutes } from './stageRoutes.js';
import { tagRoutes } from './tagRoutes.js';
import { userRoutes } from './userRoutes.js';

/** People: the member list and the archive, users and administrators, first-timers, stages, tags, saved lists, the member import, and duplicates: their suggestions, merging and the quick add, and the printed directory. */
export async function peopleModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...memberRoutes,
    ...directoryRoutes,
    ...userRoutes,
    ...firstTimerRoutes,
    ...stageRoutes,
    ...tagRoutes,
    ...savedListRoutes,
    ...importRoutes,
    ...duplicateRoutes,
  ]);
}
