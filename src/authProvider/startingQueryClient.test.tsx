// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CoreAdminContext, useAuthState, useGetIdentity, usePermissions, type AuthProvider } from 'react-admin';
import { startingQueryClient } from './index';
import { saveSession } from './session';

/** What react-admin's own hooks show on their first render, and whether they asked the auth provider. */
function Probe() {
  const auth = useAuthState();
  const { permissions, isPending } = usePermissions();
  const { identity } = useGetIdentity();
  return <p>{JSON.stringify({ authenticated: auth.authenticated, isPending, permissions, name: identity?.fullName ?? null })}</p>;
}

const spyProvider = () =>
  ({
    login: vi.fn(),
    logout: vi.fn(),
    checkError: vi.fn(),
    checkAuth: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => ['FROM_THE_PROVIDER']),
    getIdentity: vi.fn(async () => ({ id: 'x', fullName: 'From the provider' })),
  }) satisfies AuthProvider;

beforeEach(() => localStorage.clear());

describe('startingQueryClient', () => {
  it("answers react-admin's sign-in check, permissions and identity from storage on the first render", () => {
    saveSession({
      token: 'tok-1',
      permissions: [{ accessRight: 'CAN_VIEW', moduleName: 'CIH Center' }],
      user: { id: 'u1', email: 'ann@example.org', fullName: 'Ann Lee', roles: ['member'], cihRole: null },
    });
    const provider = spyProvider();
    render(
      <CoreAdminContext queryClient={startingQueryClient()} authProvider={provider}>
        <Probe />
      </CoreAdminContext>,
    );
    expect(JSON.parse(screen.getByText(/isPending/).textContent!)).toEqual({
      authenticated: true,
      isPending: false,
      permissions: ['CAN_VIEW_CIH_CENTER'],
      name: 'Ann Lee',
    });
    expect(provider.getPermissions).not.toHaveBeenCalled();
    expect(provider.getIdentity).not.toHaveBeenCalled();
  });

  it('keeps the sign-in check: a page mounting later does not ask it again and redraw the routes', async () => {
    saveSession({
      token: 'tok-1',
      permissions: [],
      user: { id: 'u1', email: 'ann@example.org', fullName: 'Ann Lee', roles: ['member'], cihRole: null },
    });
    const provider = spyProvider();
    let routeRenders = 0;
    function Routes({ children }: { children?: ReactNode }) {
      useAuthState();
      routeRenders += 1;
      return <>{children}</>;
    }
    const client = startingQueryClient();
    const { rerender } = render(
      <CoreAdminContext queryClient={client} authProvider={provider}>
        <Routes />
      </CoreAdminContext>,
    );
    rerender(
      <CoreAdminContext queryClient={client} authProvider={provider}>
        <Routes>
          <Probe />
        </Routes>
      </CoreAdminContext>,
    );
    await screen.findByText(/Ann Lee/);
    expect(provider.checkAuth).not.toHaveBeenCalled();
    expect(routeRenders).toBe(2);
  });

  it('holds nothing for a signed-out visitor: the hooks ask the auth provider', async () => {
    const provider = spyProvider();
    render(
      <CoreAdminContext queryClient={startingQueryClient()} authProvider={provider}>
        <Probe />
      </CoreAdminContext>,
    );
    expect(JSON.parse(screen.getByText(/isPending/).textContent!).isPending).toBe(true);
    expect(await screen.findByText(/FROM_THE_PROVIDER/)).toBeTruthy();
  });
});
