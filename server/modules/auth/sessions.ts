import type { FastifyRequest } from 'fastify';
import type { Database } from '@/server/db/client.js';
import { sessionStateOf } from '@/server/db/permissionsOf.js';
import type { Caller } from '@/server/http/access.js';
import { unauthorized } from '@/server/http/errors.js';
import type { Tokens } from './tokens.js';
import { keepBounded } from '@/server/keptMaps.js';

type SessionState = NonNullable<Awaited<ReturnType<typeof sessionStateOf>>>;

/** Callers whose session state is kept, at most: the oldest kept goes first. */
const KEPT_SESSIONS = 50_000;
/** A kept state is read again after this long, should a notice ever be lost. */
const KEEP_MS = 60_000;

/**
 * Each user's session state (token version, disabled, permissions) read from the database and
 * kept in memory until the database says someone's rights changed (Database.watchRights): then
 * all of it is forgotten, so a change of role or permission reaches the next call. A read that
 * began before such a notice is used once but not kept, since it may predate the change.
 */
function sessionStates(database: Database) {
  const kept = new Map<string, { state: SessionState; at: number }>();
  let generation = 0;
  database.watchRights(() => {
    generation++;
    kept.clear();
  });
  return async (userId: string): Promise<SessionState | undefined> => {
    const hit = kept.get(userId);
    if (hit && Date.now() - hit.at < KEEP_MS) return hit.state;
    const started = generation;
    const state = await sessionStateOf(database.db, userId);
    if (state && started === generation) {
      keepBounded(kept, userId, { state, at: Date.now() }, KEPT_SESSIONS);
    }
    return state;
  };
}

/** Resolves the bearer token of a request to its caller, refusing revoked or disabled ones. */
export function createSessions(database: Database, tokens: Tokens) {
  const stateOf = sessionStates(database);
  return {
    async callerOf(request: FastifyRequest): Promise<Caller | null> {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized('malformed');
      const claims = await tokens.verify(match[1]).catch((err: { code?: string }) => {
        throw unauthorized(err?.code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid');
      });
      const user = await stateOf(claims.sub);
      if (!user || user.disabled || user.tokenVersion !== claims.ver) throw unauthorized('revoked');
      return { id: claims.sub, email: claims.email, permissions: user.permissions };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
