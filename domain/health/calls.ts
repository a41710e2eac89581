import { defineCall } from '@/domain/common/calls.js';

/** The health checks (liveness, readiness), and the OpenAPI document and its UI (served by @fastify/swagger-ui under /api/docs, not by route()). */
export const healthCalls = {
  health: defineCall({ method: 'GET', path: '/health' }),
  ready: defineCall({ method: 'GET', path: '/health/ready' }),
  docs: defineCall({ method: 'GET', path: '/docs' }),
  docsJson: defineCall({ method: 'GET', path: '/docs/json' }),
};
