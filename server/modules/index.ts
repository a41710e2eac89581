import type { FastifyInstance } from 'fastify';
import { appointmentsModule } from './appointments/routes.js';
import { auditTrailModule } from './auditTrail/routes.js';
import { authModule } from './auth/routes.js';
import { celebrationsModule } from './celebrations/routes.js';
import { cihModule } from './cih/routes.js';
import { cihReportsModule } from './cihReports/routes.js';
import { departmentsModule } from './departments/routes.js';
import { filesModule } from './files/routes.js';
import { gatheringsModule } from './gatherings/routes.js';
import { givingModule } from './giving/routes.js';
import { goalsModule } from './goals/routes.js';
import { householdsModule } from './households/routes.js';
import { healthModule } from './health/routes.js';
import { lookupsModule } from './lookups/routes.js';
import { meetingsModule } from './meetings/routes.js';
import { notificationsModule } from './notifications/routes.js';
import { overviewModule } from './overview/routes.js';
import { peopleModule } from './people/routes.js';
import { profileModule } from './profile/routes.js';
import { requestsModule } from './requests/routes.js';
import { rolesModule } from './roles/routes.js';

/**
 * Every area of the API, one Fastify plugin each, named for the area as the web app, domain/ and
 * the db schema name it (docs/decisions.md, Server layout). Paths never overlap between modules,
 * so the order is only that of the OpenAPI UI.
 */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthModule,
  authModule,
  peopleModule,
  rolesModule,
  overviewModule,
  profileModule,
  requestsModule,
  departmentsModule,
  cihModule,
  lookupsModule,
  filesModule,
  notificationsModule,
  auditTrailModule,
  cihReportsModule,
  gatheringsModule,
  appointmentsModule,
  goalsModule,
  meetingsModule,
  celebrationsModule,
  householdsModule,
  givingModule,
];
