import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { unauthorized } from '@/server/http/errors.js';
import type { Tokens } from './tokens.js';

/** Resolves the bearer token of a request to its caller, refusing revoked or disabled ones. */
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
      const [user] = await db
        .select({ tokenVersion: users.tokenVersion, disabled: users.disabled })
        .from(users)
        .where(eq(users.id, claims.sub));
      if (!user || user.disabled || user.tokenVersion !== claims.ver) throw unauthorized();
      return { id: claims.sub, email: claims.email, permissions: new Set(claims.perms) };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
