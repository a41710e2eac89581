import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { affiliationRoutes } from './affiliationRoutes.js';
import { biodataRoutes } from './biodataRoutes.js';
import { careRoutes } from './careRoutes.js';
import { detailsRoutes } from './detailsRoutes.js';
import { stewardshipRoutes } from './stewardshipRoutes.js';

/** A member's profile: biodata, details, church affiliation, and their rights over their data (consents, download, erasure), their timeline and care notes. */
export async function profileModule(app: FastifyInstance) {
  registerRoutes(app, [...biodataRoutes, ...detailsRoutes, ...affiliationRoutes, ...stewardshipRoutes, ...careRoutes]);
}
