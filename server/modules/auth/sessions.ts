import type { FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client.js';
import { sessionStateOf } from '@/server/db/permissionsOf.js';
import type { Caller } from '@/server/http/access.js';
import { unauthorized } from '@/server/http/errors.js';
import type { Tokens } from './tokens.js';

/**
 * Resolves the bearer token of a request to its caller, refusing revoked or disabled ones. The
 * caller's permissions are read from the database with the token version in the same query, so
 * a change of role or permission takes effect on the next call.
 */
export function createSessions(db: Db, tokens: Tokens) {
  return {
    async callerOf(request: FastifyRequest): Promise<Caller | null> {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized();
      const claims = await tokens.verify(match[1]).catch(() => {
        throw unauthorized();
      });
      const user = await sessionStateOf(db, claims.sub);
      if (!user || user.disabled || user.tokenVersion !== claims.ver) throw unauthorized();
      return { id: claims.sub, email: claims.email, permissions: user.permissions };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
