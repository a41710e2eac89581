import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { isConnectionError, isDiskFull } from '@/server/db/connectionErrors.js';
import { heartbeat } from '@/server/db/schema/index.js';
import { ok } from '@/server/http/envelope.js';
import { registerRoutes, route } from '@/server/http/route.js';

/** A successful write check stands this long; a failed one is checked again at the next call. */
const WRITE_CHECK_MS = 5000;

/** What the operator is told when the database does not take the heartbeat write. */
function failureOf(err: unknown): string {
  if (isConnectionError(err)) return 'Database unreachable';
  if (isDiskFull(err)) return 'Database not writable: no space left on device';
  const code = (err as { cause?: { code?: string } }).cause?.code;
  if (code === '25006') return 'Database not writable: it is read-only';
  return 'Database not writable';
}

/** Rewrites the one heartbeat row: the database answers and takes writes. */
async function writeCheck(db: Db): Promise<string | null> {
  try {
    await db
      .insert(heartbeat)
      .values({ id: 1, beatAt: sql`now()` })
      .onConflictDoUpdate({ target: heartbeat.id, set: { beatAt: sql`now()` } });
    return null;
  } catch (err) {
    return failureOf(err);
  }
}

export async function healthModule(app: FastifyInstance) {
  // Calls arriving together share one check; a passed one is reused for WRITE_CHECK_MS.
  let check: { at: number; result: Promise<string | null> } | undefined;
  const currentCheck = (db: Db) => {
    const fresh = check && Date.now() - check.at < WRITE_CHECK_MS;
    if (!fresh) check = { at: Date.now(), result: writeCheck(db) };
    const mine = check!;
    void mine.result.then((failure) => {
      if (failure && check === mine) check = undefined;
    });
    return mine.result;
  };
  registerRoutes(app, [
    route({
      method: 'GET',
      url: '/health',
      tag: 'Operations',
      summary: 'Liveness, and that the database answers and takes writes',
      access: { public: true },
      async handler({ services, reply, request }) {
        const failure = await currentCheck(services.database.db);
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
