import { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import type { FlockDataProvider } from '@/src/dataProvider';
import { en } from '@/src/i18n/en';
import { allows, type AccessTable } from './access';
import { loginPathFor } from './redirect';
import { clearSession, readPermissions, readToken, readUser, saveSession, type LoginResult } from './session';
import { forgetApiAnswers } from '@/src/offline/serviceWorker';

/** Who is signed in, as getIdentity answers: from storage, written at sign-in. */
function storedIdentity() {
  const user = readUser();
  return user && { id: user.id, fullName: user.fullName };
}

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** True when the server now grants other permissions than the ones stored at sign-in. */
async function rightsChanged(api: FlockDataProvider): Promise<boolean> {
  const user = readUser();
  if (!user) return false;
  try {
    const { data } = await api.getOne<{ id: string; permissions: Array<{ permission: string }> }>('userRoles', { id: user.id });
    const now = data.permissions.map((p) => p.permission).sort();
    const stored = [...readPermissions()].sort();
    return now.length !== stored.length || now.some((p, i) => p !== stored[i]);
  } catch {
    return false; // the refusal stands on its own; nothing more is known
  }
}

/**
 * The auth provider: sign-in storage, checkError and canAccess through the access table it is
 * given. Calls go through the raw data provider (not react-admin's wrapped one) so that a
 * failing logout never re-enters checkError.
 */
export function createAuthProvider(api: FlockDataProvider, access: AccessTable): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      const { data } = await api.login<LoginResult>({ username, password });
      saveSession(data);
    },

    /** Revokes the token on the server when it still can (best effort), then clears storage. */
    async logout() {
      if (readToken()) await api.logout().catch(() => undefined);
      clearSession();
      await forgetApiAnswers();
      return '/';
    },

    async checkAuth() {
      if (!readToken()) throw { redirectTo: loginPathFor(currentPath()), message: false };
    },

    /**
     * A 401 shows 'Token expired' and goes to the root with redirect_from.
     * react-admin then notifies this message and calls logout(), which clears the storage.
     */
    async checkError(error: { status?: number } | undefined) {
      if (error?.status === 401) {
        throw { message: en.flock.errors.token_expired, redirectTo: loginPathFor(currentPath()) };
      }
      // Rights are the server's to decide on every call: a refusal after they changed (a
      // demotion) signs the user out, so the next sign-in brings the menu that fits them.
      if (error?.status === 403 && (await rightsChanged(api))) {
        throw { message: en.flock.errors.rights_changed, redirectTo: '/' };
      }
    },

    async getIdentity() {
      const identity = storedIdentity();
      if (!identity) throw new Error('Not signed in');
      return identity;
    },

    async getPermissions() {
      return readPermissions();
    },

    async canAccess({ resource, action }) {
      return !!readToken() && allows(access, readPermissions(), resource, action);
    },
  };
}

/** How long the sign-in check's answer is kept: react-admin's own for the permissions and identity. */
const SIGN_IN_CHECK_KEPT_MS = 5 * 60_000;

/**
 * react-admin's query client, holding from the start what the auth provider would answer from
 * storage for a signed-in visitor: the sign-in check, the permissions and the identity (the keys
 * of react-admin's useAuthState, usePermissions and useGetIdentity). Their answers otherwise
 * arrive one by one after the first render, and each re-rendered the routes or the app bar in
 * one long task on a phone. They are fetched again when stale, as ever; the sign-in check is
 * kept as long as react-admin keeps the other two, since its answer was stale at once and every
 * page that mounted asked it again, which drew the routes and the whole page twice more while
 * the storage read ran (docs/decisions/0259). A lost session still shows at the next call (401).
 */
export function startingQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SIGN_IN_CHECK_KEPT_MS });
  const identity = storedIdentity();
  if (readToken() && identity) {
    client.setQueryData(['auth', 'checkAuth', {}], true);
    client.setQueryData(['auth', 'getPermissions', {}], readPermissions());
    client.setQueryData(['auth', 'getIdentity'], identity);
  }
  return client;
}
