import type { FastifyInstance } from 'fastify';
import { adminModule } from './admin/routes.js';
import { appointmentsModule } from './appointments/routes.js';
import { auditTrailModule } from './auditTrail/routes.js';
import { authModule } from './auth/routes.js';
import { biodataModule } from './biodata/routes.js';
import { churchAffiliationModule } from './churchAffiliation/routes.js';
import { cihModule } from './cih/routes.js';
import { cihReportsModule } from './cihReports/routes.js';
import { departmentsModule } from './departments/routes.js';
import { detailsModule } from './details/routes.js';
import { filesModule } from './files/routes.js';
import { goalsModule } from './goals/routes.js';
import { healthModule } from './health/routes.js';
import { lookupsModule } from './lookups/routes.js';
import { meetingsModule } from './meetings/routes.js';
import { membersModule } from './members/routes.js';
import { notificationsModule } from './notifications/routes.js';
import { requestsModule } from './requests/routes.js';
import { rolesModule } from './roles/routes.js';
import { statsModule } from './stats/routes.js';
import { stewardshipModule } from './stewardship/routes.js';
import { usersModule } from './users/routes.js';
import { venuesModule } from './venues/routes.js';
import { eventsModule } from './events/routes.js';
import { outreachModule } from './outreach/routes.js';
import { memberImportModule } from './memberImport/routes.js';

/**
 * Every area of the API, one Fastify plugin each, named for the area
 * (docs/decisions/0015-one-module-per-area.md). Paths never overlap between modules, so the order is only that of the OpenAPI UI.
 */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthModule,
  authModule,
  usersModule,
  adminModule,
  rolesModule,
  statsModule,
  membersModule,
  churchAffiliationModule,
  requestsModule,
  departmentsModule,
  cihModule,
  lookupsModule,
  biodataModule,
  detailsModule,
  filesModule,
  notificationsModule,
  auditTrailModule,
  cihReportsModule,
  stewardshipModule,
  venuesModule,
  eventsModule,
  outreachModule,
  appointmentsModule,
  goalsModule,
  meetingsModule,
  memberImportModule,
];
