import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';

export async function healthModule(app: FastifyInstance) {
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/health',
      tag: 'Operations',
      summary: 'Liveness and database reachability',
      access: { public: true },
      async handler({ services, reply }) {
        try {
          await services.database.db.execute(sql`select 1`);
        } catch {
          reply.status(503);
          return { succeeded: false, message: 'Database unreachable' } as never;
        }
        return ok({ status: 'ok', database: services.database.kind });
      },
    }),
  ]);
}
