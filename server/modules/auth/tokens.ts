import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '@/server/db/client.js';
import { settings } from '@/server/db/schema/index.js';
import { keepBounded } from '@/server/keptMaps.js';

const ISSUER = 'flock';
const AUDIENCE = 'flock-web';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenClaims = { sub: string; email: string; ver: number };

/** Tokens verified lately, at most this many: a client sends its token on every call. */
const VERIFIED_KEPT = 10_000;

/** The secret from JWT_SECRET, or one generated on first start and kept in the database. */
export async function loadJwtSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomBytes(48).toString('base64');
  await db.insert(settings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return new TextEncoder().encode(String(row.value));
}

/**
 * HS256 tokens with exp, issuer and audience. They carry who the caller is, not what they may
 * do: permissions come from the database (sessions.ts, kept until rights change), so a role
 * change reaches its holders on their next call; `ver` is checked against the user's token
 * version on every call, so logout, disable and password change revoke at once.
 */
export function createTokens(secret: Uint8Array, ttlSeconds: number) {
  // A token's signature, issuer and audience never change, so a verified token is remembered
  // until it expires; revocation is not a property of the token (the version is checked per call).
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, exp: number) => {
    keepBounded(verified, token, { claims, expiresAt: exp * 1000 }, VERIFIED_KEPT);
  };
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ email: claims.email, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
    },
    /** Throws on a bad signature, algorithm, issuer, audience or expiry. */
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      if (known) verified.delete(token);
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub', 'ver'],
      });
      if (!UUID.test(String(payload.sub))) throw new Error('The subject is not a user id');
      const claims = { sub: String(payload.sub), email: String(payload.email), ver: Number(payload.ver) };
      remember(token, claims, payload.exp!);
      return claims;
    },
    /** A keyed hash for short secrets such as one-time passwords. */
    keyedHash(text: string): string {
      return createHmac('sha256', secret).update(text).digest('base64');
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
