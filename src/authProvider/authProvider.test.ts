// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { FlockDataProvider } from '@/src/dataProvider';
import { ACCESS } from '@/src/screens';
import { createAuthProvider } from './index';
import { loginPathFor, safeRedirect } from './redirect';
import type { LoginResult } from './session';

const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  token: 'tok-1',
  permissions: [
    { accessRight: 'can_view', moduleName: 'Audit Report' },
    { accessRight: 'CAN_VIEW', moduleName: 'CIH Center' },
  ],
  user: { id: 'u1', email: 'ann@example.org', fullName: 'Ann Lee', roles: ['member'], cihRole: 'CIHPastor' },
  churchAffiliation: { cihRole: 'CIHPastor', affinityGroup: ['Youth', 'none', 'NONE', ' None ', 'Men'], zoneId: 'z1', centerId: null },
  ...overrides,
});

function stubApi(login: () => Promise<unknown> = async () => ({ data: loginResult(), message: 'Login successful' })) {
  return { login: vi.fn(login), logout: vi.fn(async () => ({ data: null })) } as unknown as FlockDataProvider & {
    login: ReturnType<typeof vi.fn>;
    logout: ReturnType<typeof vi.fn>;
  };
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('login storage', () => {
  it('stores the token, the permission strings and the raw permission list', async () => {
    const api = stubApi();
    await createAuthProvider(api, ACCESS).login({ username: 'ann@example.org', password: 'pw' });
    expect(api.login).toHaveBeenCalledWith({ username: 'ann@example.org', password: 'pw' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(stored('permissions')).toEqual(['CAN_VIEW_AUDIT_REPORT', 'CAN_VIEW_CIH_CENTER']);
    expect(stored('permissionList')).toEqual(loginResult().permissions);
  });

  it('stores the user with cihRole in lower case', async () => {
    await createAuthProvider(stubApi(), ACCESS).login({ username: 'a', password: 'b' });
    expect(stored('user')).toMatchObject({ id: 'u1', fullName: 'Ann Lee', cihRole: 'cihpastor' });
  });

  it('keeps a missing cihRole as null', async () => {
    const result = loginResult({ user: { id: 'u1', email: 'a@b.c', fullName: 'A', cihRole: null } });
    await createAuthProvider(
      stubApi(async () => ({ data: result })),
      ACCESS,
    ).login({ username: 'a', password: 'b' });
    expect(stored('user').cihRole).toBeNull();
  });

  it("stores the affiliation without affinity groups named 'none' in any case", async () => {
    await createAuthProvider(stubApi(), ACCESS).login({ username: 'a', password: 'b' });
    expect(stored('churchAffiliation')).toEqual({ cihRole: 'CIHPastor', affinityGroup: ['Youth', 'Men'], zoneId: 'z1', centerId: null });
  });

  it('stores nothing and passes the server message on when the login fails', async () => {
    const api = stubApi(() => Promise.reject(new HttpError('Invalid username or password', 400)));
    await expect(createAuthProvider(api, ACCESS).login({ username: 'a', password: 'b' })).rejects.toThrow('Invalid username or password');
    expect(localStorage.length).toBe(0);
  });
});

describe('logout', () => {
  const signIn = async () => {
    const api = stubApi();
    const auth = createAuthProvider(api, ACCESS);
    await auth.login({ username: 'a', password: 'b' });
    localStorage.setItem('RaStore.sidebar.open', 'true');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('semiDark', 'true');
    localStorage.setItem('menuLayout', 'horizontal');
    localStorage.setItem('skin', 'bordered');
    return { api, auth };
  };

  it('revokes the token on the server, then clears local storage but the display preferences', async () => {
    const { api, auth } = await signIn();
    expect(await auth.logout({})).toBe('/');
    expect(api.logout).toHaveBeenCalledTimes(1);
    const left = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
    expect(left).toEqual({ theme: 'dark', semiDark: 'true', menuLayout: 'horizontal', skin: 'bordered' });
  });

  it('still clears local storage when the server cannot be reached', async () => {
    const { api, auth } = await signIn();
    api.logout.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await auth.logout({});
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('does not call the server when nobody is signed in', async () => {
    const api = stubApi();
    await createAuthProvider(api, ACCESS).logout({});
    expect(api.logout).not.toHaveBeenCalled();
  });
});

describe('checkAuth and checkError', () => {
  it('checkAuth passes with a token and otherwise sends to login keeping the address', async () => {
    const auth = createAuthProvider(stubApi(), ACCESS);
    window.history.replaceState(null, '', '/members-management?page=2');
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/?redirect_from=%2Fmembers-management%3Fpage%3D2', message: false });
    localStorage.setItem('token', 't');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it("turns a 401 into 'Token expired' and the root with redirect_from (react-admin then logs out)", async () => {
    const auth = createAuthProvider(stubApi(), ACCESS);
    window.history.replaceState(null, '', '/cih/zones?Search=north');
    await expect(auth.checkError(new HttpError('Token expired', 401))).rejects.toEqual({
      message: 'Token expired',
      redirectTo: '/?redirect_from=%2Fcih%2Fzones%3FSearch%3Dnorth',
    });
  });

  it.each([403, 404, 500])('leaves a %i to the screen that made the call', async (status) => {
    await expect(createAuthProvider(stubApi(), ACCESS).checkError(new HttpError('x', status))).resolves.toBeUndefined();
  });

  /** A signed-in user whose rights the server now reports as `now`. */
  async function signedInWithServerRights(now: string[]) {
    const api = stubApi();
    const getOne = vi.fn(async () => ({ data: { id: 'u1', permissions: now.map((permission) => ({ permission })) } }));
    Object.assign(api, { getOne });
    const auth = createAuthProvider(api, ACCESS);
    await auth.login({ username: 'a', password: 'b' });
    return { auth, getOne };
  }

  it('leaves a 403 to the screen when the rights are the ones stored at sign-in', async () => {
    const { auth, getOne } = await signedInWithServerRights(['CAN_VIEW_CIH_CENTER', 'CAN_VIEW_AUDIT_REPORT']);
    await expect(auth.checkError(new HttpError('You are not authorised', 403))).resolves.toBeUndefined();
    expect(getOne).toHaveBeenCalledWith('userRoles', { id: 'u1' });
  });

  it('signs the user out on a 403 after their rights changed (a demotion)', async () => {
    const { auth } = await signedInWithServerRights(['CAN_VIEW_CIH_CENTER']);
    await expect(auth.checkError(new HttpError('You are not authorised', 403))).rejects.toEqual({
      message: 'Your access has changed. Please sign in again.',
      redirectTo: '/',
    });
  });
});

describe('identity, permissions and access', () => {
  const signedIn = async (permissions: LoginResult['permissions']) => {
    const auth = createAuthProvider(
      stubApi(async () => ({ data: loginResult({ permissions }) })),
      ACCESS,
    );
    await auth.login({ username: 'a', password: 'b' });
    return auth;
  };
  const can = (auth: Awaited<ReturnType<typeof signedIn>>, resource: string, action = 'view') => auth.canAccess!({ resource, action });

  it('getIdentity gives id and full name; getPermissions the stored strings', async () => {
    const auth = await signedIn([{ accessRight: 'CAN_VIEW', moduleName: 'Members' }]);
    expect(await auth.getIdentity!()).toEqual({ id: 'u1', fullName: 'Ann Lee' });
    expect(await auth.getPermissions!({})).toEqual(['CAN_VIEW_MEMBERS']);
  });

  it('guards Accessories with CAN_VIEW_ACCESSORIES but shows its menu entry with CAN_VIEW_VENUES', async () => {
    const accessories = await signedIn([{ accessRight: 'CAN_VIEW', moduleName: 'Accessories' }]);
    expect(await can(accessories, 'accessories')).toBe(true);
    expect(await can(accessories, 'accessories', 'menu')).toBe(false);
    const venues = await signedIn([{ accessRight: 'CAN_VIEW', moduleName: 'Venues' }]);
    expect(await can(venues, 'accessories')).toBe(false);
    expect(await can(venues, 'accessories', 'menu')).toBe(true);
  });

  it('opens Center, Reports and Follow Up Reports but not Zones or Centers to CAN_VIEW_CIH_CENTER', async () => {
    const auth = await signedIn([{ accessRight: 'CAN_VIEW', moduleName: 'CIH Center' }]);
    expect(await Promise.all(['cihCenter', 'cihReports', 'cihFollowup', 'zones', 'centers'].map((r) => can(auth, r)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('admits any signed-in user to overview and requests, refuses unknown resources and signed-out users', async () => {
    const auth = await signedIn([]);
    expect(await can(auth, 'overview')).toBe(true);
    expect(await can(auth, 'requests')).toBe(true);
    expect(await can(auth, 'members')).toBe(false);
    expect(await can(auth, 'no-such-screen')).toBe(false);
    localStorage.removeItem('token');
    expect(await can(auth, 'overview')).toBe(false);
  });
});

describe('redirect_from', () => {
  it('loginPathFor keeps the address, and the root needs none', () => {
    expect(loginPathFor('/departments/view/Choir/d1/h1?x=1')).toBe('/?redirect_from=%2Fdepartments%2Fview%2FChoir%2Fd1%2Fh1%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/');
  });

  it('accepts only paths of this site after login', () => {
    expect(safeRedirect('/members-management?page=2#top')).toBe('/members-management?page=2#top');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      'members',
      '',
      null,
      '/a\nb',
    ]) {
      expect(safeRedirect(bad)).toBe('/overview');
    }
  });
});
