// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { fakeApi, ok, refusal, rows } from '@/tests/support/fakeApi';
import { saveSession } from './authProvider/session';

// msw in Node needs absolute URLs: the app's API base points at a fake host.
vi.mock('./config', () => ({ API_URL: 'http://flock.test/api', APP_NAME: 'Flock' }));
const { FlockAdmin } = await import('./App');

const api = fakeApi();

beforeEach(() => {
  localStorage.clear();
  // What the overview asks for itself, answered empty: these tests are about what surrounds it.
  api.on('GET /UserManagement/GetUserbyId', () => ok({ id: 'u1', email: 'ann@example.org', fullName: 'Ann Lee' }));
  api.on('GET /Notification/GetAllNotifications', () => rows([]));
  api.on('GET /Department/GetDepartmentByUserId', () => ok([]));
  api.on('GET /ChurchAffiliation/GetUserRequestLog', () => rows([]));
  api.on('GET /Goal/GetAll', () => rows([]));
  api.on('GET /ChurchAffiliation/GetChurchAffiliationByUserId', () => ok({ id: 'a1', cihZone: null, centerName: null }));
  api.on('GET /Biodata/GetBiodataByUserId', () => ok({ id: 'b1', firstName: 'Ann', surName: 'Lee', email: 'ann@example.org' }));
});

function signIn(permissions: string[], user: Partial<{ fullName: string; roles: string[] }> = {}) {
  saveSession({
    token: 'tok-1',
    permissions: permissions.map((p) => {
      const [, right, module] = /^(CAN_[A-Z]+)_(.+)$/.exec(p)!;
      return { accessRight: right, moduleName: module.replace(/_/g, ' ') };
    }),
    user: { id: 'u1', email: 'ann@example.org', fullName: 'Ann Lee', roles: ['member'], cihRole: null, ...user },
    churchAffiliation: { cihRole: null, affinityGroup: [] },
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <FlockAdmin />
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('route guard', () => {
  it("sends a signed-in user without the route's permission to overview with 'You are not authorised'", async () => {
    signIn([]);
    renderAt('/users-management');
    expect(await screen.findByText('You are not authorised')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/overview'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Flock - Overview'));
  });

  it('shows a permitted route its screen and its name', async () => {
    signIn(['CAN_VIEW_GOALS']);
    renderAt('/goals');
    // The file's first visit to a lazy page: its code goes through the test's transform first,
    // which on a CI machine loaded by the e2e tests beside it passed the usual 10 s.
    expect(await screen.findByRole('heading', { level: 1, name: 'Goals' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText('You are not authorised')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Flock - Goals'));
  });

  it('sends a signed-out visitor to login, keeping the address in redirect_from', async () => {
    renderAt('/departments/view/Choir/d1/h1?tab=2');
    await waitFor(() => expect(where()).toBe('/?redirect_from=%2Fdepartments%2Fview%2FChoir%2Fd1%2Fh1%3Ftab%3D2'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Flock - Login');
  });

  it("opens /privacy to a signed-out visitor, with the church's decision on care notes", async () => {
    api.on('GET /CareNotes/GetPublicSettings', () => ok({ notesInOwnData: false }));
    renderAt('/privacy');
    expect(await screen.findByText(/The church has decided that Download my data does not include them\./)).toBeTruthy();
    expect(api.callsTo('GET /CareNotes/GetPublicSettings')).toHaveLength(1);
    expect(where()).toBe('/privacy');
  });

  it('opens /privacy to a signed-in user too', async () => {
    api.on('GET /CareNotes/GetPublicSettings', () => ok({ notesInOwnData: true }));
    signIn([]);
    renderAt('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(where()).toBe('/privacy');
    expect(document.title).toBe('Flock - Privacy policy');
  });

  it('sends a signed-in user from / to /home and from public pages to /overview', async () => {
    signIn([]);
    const { unmount } = renderAt('/');
    await waitFor(() => expect(where()).toBe('/home'));
    unmount();
    renderAt('/register');
    await waitFor(() => expect(where()).toBe('/overview'));
  });

  it('shows the not-found page for an unknown path, signed out too', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(where()).toBe('/no/such/page');
  });

  it("shows the not-found page below a resource's list, which only names its own pages", async () => {
    renderAt('/ministries/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(where()).toBe('/ministries/no-such-page');
  });
});

describe('side menu', () => {
  // The user menu is closed, so every menu item on the page is a side-menu entry.
  const menuNames = async () => {
    await screen.findByRole('menuitem', { name: 'Overview' });
    return screen.getAllByRole('menuitem').map((item) => item.textContent);
  };

  it('shows each entry only with its permission; Accessories follows CAN_VIEW_VENUES', async () => {
    signIn(['CAN_VIEW_VENUES', 'CAN_VIEW_MEMBERS', 'CAN_VIEW_AUDIT_REPORT']);
    renderAt('/overview');
    expect(await menuNames()).toEqual([
      'Profile',
      'Overview',
      'Members',
      'Families',
      'Accessories',
      'Venues',
      'Events',
      'Requests',
      'Saved lists',
      'Notifications',
      'Audit Logs',
    ]);
  });

  it('hides Accessories from a user who may open the route but lacks CAN_VIEW_VENUES', async () => {
    signIn(['CAN_VIEW_ACCESSORIES']);
    renderAt('/overview');
    expect(await menuNames()).toEqual(['Profile', 'Overview', 'Events', 'Requests', 'Notifications']);
  });

  it('shows Roles management, which the spec menu lacks, after Users management with CAN_VIEW_ROLES', async () => {
    signIn(['CAN_VIEW_USER_MANAGEMENT', 'CAN_VIEW_ROLES', 'CAN_UPDATE_DEMISE_MEMBERS']);
    renderAt('/overview');
    expect(await menuNames()).toEqual([
      'Profile',
      'Overview',
      'Events',
      'Requests',
      'Users management',
      'Roles management',
      'Archived users',
      'Notifications',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Roles management' }).getAttribute('href')).toBe('/roles-management');
  });

  it('shows the CIH submenu with the entries CAN_VIEW_CIH_CENTER opens', async () => {
    signIn(['CAN_VIEW_CIH_CENTER']);
    renderAt('/overview');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CIH management' }));
    const names = await menuNames();
    expect(names).toEqual(expect.arrayContaining(['Center', 'Reports', 'Follow Up Reports']));
    expect(names).not.toContain('Zones');
    expect(names).not.toContain('Centers');
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile/u1');
  });
});

describe('overview', () => {
  it('shows the dashboard counts to a user with CAN_VIEW_ADMIN_DASHBOARD', async () => {
    api.on('GET /Stats/GetAdminDashboardStats', () => ok({ members: 169, firstTimers: 30, departments: 8, zones: 4 }));
    signIn(['CAN_VIEW_ADMIN_DASHBOARD'], { roles: ['administrator'] });
    renderAt('/overview');
    expect(await screen.findByText('169')).toBeTruthy();
    expect(screen.getByText('First-timers').previousSibling?.textContent).toBe('30');
    expect(screen.getByText('Administrator')).toBeTruthy();
  });

  it('shows the error of a failed statistics call', async () => {
    api.on('GET /Stats/GetAdminDashboardStats', () => Response.json({ succeeded: false }, { status: 500 }));
    signIn(['CAN_VIEW_INSPECTORATE_DASHBOARD']);
    renderAt('/overview');
    expect(await screen.findByText('The statistics could not be loaded: Something went wrong')).toBeTruthy();
  });

  it("on a 401 shows 'Token expired', clears storage but the theme and returns to login with redirect_from", async () => {
    api.on('GET /Stats/GetAdminDashboardStats', () => refusal(401, 'Token expired'));
    api.on('POST /Auth/Logout', () => Response.json({ succeeded: false }, { status: 401 }));
    signIn(['CAN_VIEW_ADMIN_DASHBOARD']);
    localStorage.setItem('theme', 'dark');
    // The auth provider reads the address from window.location, as under the BrowserRouter.
    window.history.replaceState(null, '', '/overview?tab=2');
    renderAt('/overview?tab=2');
    expect(await screen.findByText('Token expired')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/?redirect_from=%2Foverview%3Ftab%3D2'));
    expect(Object.keys(localStorage)).toEqual(['theme']);
  });
});

describe('app bar', () => {
  it('opens the change-password dialog from the user menu', async () => {
    signIn([]);
    renderAt('/overview');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Lee' })).toBeTruthy();
    expect(screen.queryByText('Enter your current password and choose a new one.')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(dialog.textContent).toContain('Enter your current password and choose a new one.');
  });
});
