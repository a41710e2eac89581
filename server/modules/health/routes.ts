import type { FastifyInstance } from 'fastify';
import { healthCalls } from '@/domain/health/calls.js';
import { ok } from '@/server/http/envelope.js';
import { failure } from '@/server/http/errors.js';
import { registerRoutes, route } from '@/server/http/route.js';
import { notReadyBecause } from './readiness.js';
import { createWriteCheck } from './writeCheck.js';

export async function healthModule(app: FastifyInstance) {
  const currentCheck = createWriteCheck();
  registerRoutes(app, [
    route({
      call: healthCalls.health,
      tag: 'Operations',
      summary: 'Liveness, and that the database answers and takes writes',
      access: { public: true },
      async handler({ services, reply, request }) {
        const problem = await currentCheck(services.database.db, services.database.dataDir);
        if (problem) {
          request.log.warn({ failure: problem }, 'health check failed');
          reply.status(503);
          return failure(request, problem) as never;
        }
        return ok({ status: 'ok', database: services.database.kind, writable: true });
      },
    }),
    route({
      call: healthCalls.ready,
      tag: 'Operations',
      summary: 'Readiness: the database takes writes and every migration is applied (a load balancer sends traffic only then)',
      access: { public: true },
      async handler({ services, reply, request }) {
        const problem = await notReadyBecause(services.database.db);
        if (problem) {
          request.log.warn({ failure: problem }, 'not ready');
          reply.status(503);
          return failure(request, problem) as never;
        }
        return ok({ status: 'ready', database: services.database.kind, migrated: true, writable: true });
      },
    }),
  ]);
}
