import { defineCall } from '@/domain/common/calls.js';

/** The health check, and the OpenAPI document and its UI (served by @fastify/swagger-ui under /api/docs, not by route()). */
export const healthCalls = {
  health: defineCall({ method: 'GET', path: '/health' }),
  docs: defineCall({ method: 'GET', path: '/docs' }),
  docsJson: defineCall({ method: 'GET', path: '/docs/json' }),
};
