import type { FastifyInstance } from 'fastify';
import { healthCalls } from '@/domain/health/calls.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';
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
        const failure = await currentCheck(services.database.db, services.database.dataDir);
        if (failure) {
          request.log.warn({ failure }, 'health check failed');
          reply.status(503);
          return { succeeded: false, message: failure } as never;
        }
        return ok({ status: 'ok', database: services.database.kind, writable: true });
      },
    }),
  ]);
}
