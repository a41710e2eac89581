import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '@/server/http/route.js';
import { eventRoutes } from './eventRoutes.js';
import { outreachRoutes } from './outreachRoutes.js';
import { venueRoutes } from './venueRoutes.js';

/** Gatherings: venues and their bookings, events, and outreach with its reports. */
export async function gatheringsModule(app: FastifyInstance) {
  registerRoutes(app, [...venueRoutes, ...eventRoutes, ...outreachRoutes]);
}
