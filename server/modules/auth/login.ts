import { randomBytes } from 'node:crypto';
import { permissionsOf, roleNamesOf } from '@/server/db/permissionsOf.js';
import { recordSecurityEvent } from '@/server/http/audit.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import type { Services } from '@/server/services.js';
import { affiliationOf, findBySignInName, upgradePasswordHash, type User } from './accounts.js';
import {
  ACCOUNT_DELAY,
  createAttemptCounter,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ADDRESS,
  PAIR_DELAY,
  untilBelow,
  waitMs,
  type AttemptStore,
} from './attempts.js';
import { PRIORITY } from './hashGate.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import type { AuditAction } from '@/domain/auditTrail/vocabulary.js';

const BAD_LOGIN = 'Invalid username or password';

/** How long an address an account signed in from stays its own. */
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
 * count as one; an unknown name is counted as itself, and answered the same way. The counts and
 * the known addresses are the store's: shared by every server on PostgreSQL (0217).
 */
export function createPasswordCheck(store: AttemptStore) {
  let dummyHash: Promise<string> | undefined;
  const failures = createAttemptCounter(store, 'login', LOGIN_WINDOW_MS);
  // A known address is a key whose one time is its last sign-in.
  const known = createAttemptCounter(store, 'known', KNOWN_MS, 1);
  const keys = (ip: string, account: string) => ({
    address: `address:${ip}`,
    account: `account:${account}`,
    pair: `pair:${ip}|${account}`,
    known: `${account}|${ip}`,
  });
  const priority = (isKnown: boolean, addressFailures: number) =>
    isKnown ? PRIORITY.known : addressFailures === 0 ? PRIORITY.clean : PRIORITY.suspect;

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
      const address = `address:${ip}`;
      const [mine, knownName] = await Promise.all([failures.times(address), known.times(`name:${name}|${ip}`)]);
      const addressWait = untilBelow(mine[address], MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS);
      if (addressWait > 0) {
        await refuse(services, ip, { action: 'rate-limited', name });
        throw slowDown(addressWait);
      }
      // The gate's place is taken before the account is read, so a call it refuses costs no query.
      const place = priority(knownName[`name:${name}|${ip}`].length > 0, mine[address].length);
      const cost = services.config.passwordCost;
      const { user, key, wait, valid, rehashed } = await services.hashGate.run(ip, place, async () => {
        const user = await findBySignInName(services.database.db, name);
        const key = keys(ip, user?.id ?? `name:${name}`);
        const [counts, fromKnown] = await Promise.all([failures.times(key.pair, key.account), known.times(key.known)]);
        const isKnown = fromKnown[key.known].length > 0;
        const wait = Math.max(waitMs(counts[key.pair], PAIR_DELAY), isKnown ? 0 : waitMs(counts[key.account], ACCOUNT_DELAY));
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
      await failures.record(key.address, key.account, key.pair);
      await refuse(services, ip, { action: 'login-failed', entityId: user?.id ?? null, name });
      throw badRequest(BAD_LOGIN);
    },
    /** The hash gate's place for a call from this address about this account (sign-in first, then clean addresses). */
    async priorityOf(ip: string, userId?: string) {
      const address = `address:${ip}`;
      const knownKey = userId ? keys(ip, userId).known : undefined;
      const [mine, from] = await Promise.all([failures.times(address), knownKey ? known.times(knownKey) : undefined]);
      return priority(!!knownKey && from![knownKey].length > 0, mine[address].length);
    },
    /**
     * A sign-in that got through, or a reset code that reached the owner: this address is the
     * account's own from now on (the account's failures elsewhere do not slow it), and its
     * failures at the account are forgotten (the address's own are not).
     */
    async succeeded(ip: string, userId: string, username?: string) {
      const key = keys(ip, userId);
      await Promise.all([
        failures.clear(key.pair),
        known.record(...[key.known, ...(username ? [`name:${signInName(username)}|${ip}`] : [])]),
      ]);
    },
  };
}
export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

/**
 * The church's time zone: the server's own, which is the church's (domain/common/localTime.ts).
 * The screens show instants in it (docs/decisions/0242).
 */
const churchTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The login answer: token, permissions, user, churchAffiliation, and the church's time zone. */
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
      language: user.language,
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
    timeZone: churchTimeZone(),
  };
}
