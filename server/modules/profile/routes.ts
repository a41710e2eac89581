import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { affiliationRoutes } from './affiliationRoutes.js';
import { biodataRoutes } from './biodataRoutes.js';
import { careRoutes } from './careRoutes.js';
import { customFieldRoutes } from './customFieldRoutes.js';
import { detailsRoutes } from './detailsRoutes.js';
import { stewardshipRoutes } from './stewardshipRoutes.js';

/** A member's profile: biodata, details, church affiliation, their rights over their data (consents, download, erasure), their timeline and care notes, and the church's own fields on people. */
export async function profileModule(app: FastifyInstance) {
  registerRoutes(app, [
    ...biodataRoutes,
    ...detailsRoutes,
    ...affiliationRoutes,
    ...stewardshipRoutes,
    ...careRoutes,
    ...customFieldRoutes,
  ]);
}
