import type { FastifyInstance } from 'fastify';
import { affiliationModule } from './affiliation/routes.js';
import { authModule } from './auth/routes.js';
import { catalogueModule } from './catalogue/routes.js';
import { cihModule } from './cih/routes.js';
import { departmentsModule } from './departments/routes.js';
import { healthModule } from './health/routes.js';
import { statsModule } from './stats/routes.js';

/** Every area of the API, one Fastify plugin each (ARCHITECTURE.md, Server). */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthModule,
  authModule,
  statsModule,
  affiliationModule,
  departmentsModule,
  cihModule,
  catalogueModule,
];
