import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/routes.js';
import { healthModule } from './health/routes.js';
import { statsModule } from './stats/routes.js';

/** Every area of the API, one Fastify plugin each (ARCHITECTURE.md, Server). */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [healthModule, authModule, statsModule];
