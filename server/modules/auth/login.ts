import { randomBytes } from 'node:crypto';
import { permissionsOf, roleNamesOf } from '@/server/db/permissionsOf.js';
import { recordSecurityEvent } from '@/server/http/audit.js';
import { ApiError, badRequest } from '@/server/http/errors.js';
import type { Services } from '@/server/services.js';
import { affiliationOf, findBySignInName, type User } from './accounts.js';
import { createAttemptCounter, LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './attempts.js';
import { hashPassword, verifyPassword } from './passwords.js';

const BAD_LOGIN = 'Invalid username or password';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait 15 minutes, or reset your password.';

const signInName = (username: string) => username.trim().toLowerCase();

/**
 * Password sign-in, one per app: the failed attempts it counts per account and per address, and
 * the hash an unknown name is checked against.
 */
export function createPasswordCheck() {
  let dummyHash: Promise<string> | undefined;
  const failures = createAttemptCounter(LOGIN_WINDOW_MS);
  const accountKey = (name: string) => `account:${name}`;

  async function refuse(services: Services, ip: string, entry: { action: string; entityId?: string | null; name: string }) {
    await recordSecurityEvent(
      services.database.db,
      { action: entry.action, entity: 'user', entityId: entry.entityId, after: { username: entry.name } },
      { actorId: null, ip },
    );
  }

  return {
    /** The account whose password this is; 429 past the failure limits, 400 for a wrong name or password. */
    async holder(services: Services, ip: string, username: string, password: string): Promise<User> {
      const name = signInName(username);
      const keys = [accountKey(name), `address:${ip}`];
      if (failures.count(keys[0]) >= MAX_FAILURES_PER_ACCOUNT || failures.count(keys[1]) >= MAX_FAILURES_PER_ADDRESS) {
        await refuse(services, ip, { action: 'rate-limited', name });
        throw new ApiError(429, TOO_MANY_FAILURES);
      }
      const user = await findBySignInName(services.database.db, name);
      // An unknown name, or an account with no password yet, costs the same scrypt work as a known
      // one, so timing does not tell them apart.
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'), services.config.scryptLog2N);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (user && user.passwordHash && valid) return user;
      keys.forEach(failures.fail);
      await refuse(services, ip, { action: 'login-failed', entityId: user?.id ?? null, name });
      throw badRequest(BAD_LOGIN);
    },
    /** A sign-in that got through: the account's failures are forgotten (the address's are not). */
    succeeded(username: string) {
      failures.clear(accountKey(signInName(username)));
    },
  };
}

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
