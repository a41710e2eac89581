import { randomBytes } from 'node:crypto';
import { permissionsOf, roleNamesOf } from '@/server/db/permissionsOf.js';
import { recordSecurityEvent } from '@/server/http/audit.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import { keepBounded } from '@/server/keptMaps.js';
import type { Services } from '@/server/services.js';
import { affiliationOf, findBySignInName, upgradePasswordHash, type User } from './accounts.js';
import { ACCOUNT_DELAY, createAttemptCounter, LOGIN_WINDOW_MS, MAX_FAILURES_PER_ADDRESS, PAIR_DELAY } from './attempts.js';
import { PRIORITY } from './hashGate.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import type { AuditAction } from '@/domain/auditTrail/vocabulary.js';

const BAD_LOGIN = 'Invalid username or password';

/** Addresses an account has signed in from lately, at most this many pairs kept, each this long. */
const KNOWN_KEPT = 100_000;
const KNOWN_MS = 30 * 24 * 3600_000;

const signInName = (username: string) => username.trim().toLowerCase();

/** "45 seconds", "3 minutes": how long a refused guesser waits. */
function duration(ms: number) {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** 429 with Retry-After: too many failures from here, for this account or for any. */
function slowDown(ms: number) {
  return new ApiError(
    429,
    `Too many failed sign-in attempts. Please wait ${duration(ms)} before trying again, or reset your password.`,
    undefined,
    { 'retry-after': String(Math.ceil(ms / 1000)) },
  );
}

/**
 * Password sign-in, one per app (0198): the failures it counts per address, per account and per
 * address and account together, the addresses each account has signed in from, and the hash an
 * unknown name is checked against. Accounts are counted by id, so an email and a user name
 * count as one; an unknown name is counted as itself, and answered the same way.
 */
export function createPasswordCheck() {
  let dummyHash: Promise<string> | undefined;
  const failures = createAttemptCounter(LOGIN_WINDOW_MS);
  const known = new Map<string, number>();
  const keys = (ip: string, account: string) => ({
    address: `address:${ip}`,
    account: `account:${account}`,
    pair: `pair:${ip}|${account}`,
    known: `${account}|${ip}`,
  });
  const isKnown = (key: string) => Date.now() - (known.get(key) ?? -Infinity) < KNOWN_MS;

  async function refuse(services: Services, ip: string, entry: { action: AuditAction; entityId?: string | null; name: string }) {
    await recordSecurityEvent(
      services.database.db,
      { action: entry.action, entity: 'user', entityId: entry.entityId, after: { username: entry.name } },
      { actorId: null, ip },
    );
  }

  return {
    /**
     * The account whose password this is. 429 with Retry-After while this address must wait
     * (past its own failures, its failures at this account, or, from an address the account
     * has never signed in from, the account's failures from everywhere); 400 for a wrong name or
     * password. A right password on an older hash (scrypt, or another cost) is hashed again.
     */
    async holder(services: Services, ip: string, username: string, password: string): Promise<User> {
      const name = signInName(username);
      const addressWait = failures.untilBelow(`address:${ip}`, MAX_FAILURES_PER_ADDRESS);
      if (addressWait > 0) {
        await refuse(services, ip, { action: 'rate-limited', name });
        throw slowDown(addressWait);
      }
      // The gate's place is taken before the account is read, so a call it refuses costs no query.
      const priority = isKnown(`name:${name}|${ip}`)
        ? PRIORITY.known
        : failures.count(`address:${ip}`) === 0
          ? PRIORITY.clean
          : PRIORITY.suspect;
      const cost = services.config.passwordCost;
      const { user, key, wait, valid, rehashed } = await services.hashGate.run(ip, priority, async () => {
        const user = await findBySignInName(services.database.db, name);
        const key = keys(ip, user?.id ?? `name:${name}`);
        const fromKnown = isKnown(key.known);
        const wait = Math.max(failures.waitMs(key.pair, PAIR_DELAY), fromKnown ? 0 : failures.waitMs(key.account, ACCOUNT_DELAY));
        if (wait > 0) return { user, key, wait, valid: false, rehashed: null };
        // An unknown name, or an account with no password yet, costs the same hash as a known one,
        // so timing does not tell them apart.
        const stored = user?.passwordHash ?? null;
        dummyHash ??= hashPassword(randomBytes(16).toString('hex'), cost);
        const ok = await verifyPassword(password, stored ?? (await dummyHash));
        return {
          user,
          key,
          wait,
          valid: ok,
          rehashed: ok && stored && needsRehash(stored, cost) ? await hashPassword(password, cost) : null,
        };
      });
      if (wait > 0) {
        await refuse(services, ip, { action: 'rate-limited', entityId: user?.id ?? null, name });
        throw slowDown(wait);
      }
      const stored = user?.passwordHash ?? null;
      if (user && stored && valid) {
        if (rehashed) await upgradePasswordHash(services.database.db, user.id, stored, rehashed);
        return user;
      }
      for (const k of [key.address, key.account, key.pair]) failures.fail(k);
      await refuse(services, ip, { action: 'login-failed', entityId: user?.id ?? null, name });
      throw badRequest(BAD_LOGIN);
    },
    /** The hash gate's place for a call from this address about this account (sign-in first, then clean addresses). */
    priorityOf(ip: string, userId?: string) {
      if (userId && isKnown(keys(ip, userId).known)) return PRIORITY.known;
      return failures.count(`address:${ip}`) === 0 ? PRIORITY.clean : PRIORITY.suspect;
    },
    /**
     * A sign-in that got through, or a reset code that reached the owner: this address is the
     * account's own from now on (the account's failures elsewhere do not slow it), and its
     * failures at the account are forgotten (the address's own are not).
     */
    succeeded(ip: string, userId: string, username?: string) {
      const key = keys(ip, userId);
      failures.clear(key.pair);
      keepBounded(known, key.known, Date.now(), KNOWN_KEPT);
      if (username) keepBounded(known, `name:${signInName(username)}|${ip}`, Date.now(), KNOWN_KEPT);
    },
  };
}
export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

/** The login answer: token, permissions, user, churchAffiliation. */
export async function loginResult(services: Services, user: User) {
  const db = services.database.db;
  const [perms, roleNames, affiliation] = await Promise.all([
    permissionsOf(db, user.id),
    roleNamesOf(db, user.id),
    affiliationOf(db, user.id),
  ]);
  // The web app reads the permissions from this answer; the server reads them per call, not from the token.
  const token = await services.tokens.sign({ sub: user.id, email: user.email, ver: user.tokenVersion });
  return {
    token,
    permissions: perms.map(({ accessRight, moduleName }) => ({ accessRight, moduleName })),
    user: {
      id: user.id,
      email: user.email,
      userName: user.userName,
      title: user.title,
      firstName: user.firstName,
      middleName: user.middleName,
      surName: user.surName,
      fullName: [user.firstName, user.middleName, user.surName].filter(Boolean).join(' '),
      gender: user.gender,
      mobile1: user.mobile1,
      isFirstTimer: user.isFirstTimer,
      roles: roleNames,
      cihRole: affiliation?.cihRole ?? null,
    },
    churchAffiliation: {
      cihRole: affiliation?.cihRole ?? null,
      affinityGroup: affiliation?.affinityGroup ?? [],
      zoneId: affiliation?.zoneId ?? null,
      centerId: affiliation?.centerId ?? null,
    },
  };
}
