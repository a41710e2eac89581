import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAuthProvider } from '@/src/authProvider';
import { AccessProvider } from '@/src/authProvider/accessContext';
import { saveSession } from '@/src/authProvider/session';
import { createDataProvider, type FlockDataProvider } from '@/src/dataProvider';
import { i18nProvider } from '@/src/i18n';
import { ENDPOINTS } from '@/src/endpoints';
import { ACCESS } from '@/src/screens';
import { API } from './fakeApi';

export { fakeApi, ok, refusal, rows, type ApiCall } from './fakeApi';

/**
 * Component tests of the signed-in screens: the real data provider and auth provider against a
 * fake API (./fakeApi), inside react-admin's context.
 */

// The waiting budget (asyncUtilTimeout, testTimeout) is every component test's: tests/support/unitSetup.ts.

type SignedInUser = { id: string; email: string; fullName: string; roles: string[] };

/** Stores a signed-in session holding these permission strings, as a login does; by default the administrator. */
export function signInWith(permissions: string[], user: Partial<SignedInUser> = {}) {
  localStorage.clear();
  saveSession({
    token: 'tok-1',
    permissions: permissions.map((p) => {
      const [, accessRight, module] = /^(CAN_[A-Z]+)_(.+)$/.exec(p)!;
      return { accessRight, moduleName: module.replace(/_/g, ' ') };
    }),
    user: { id: 'u-admin', email: 'admin@example.org', fullName: 'Ada Admin', roles: ['administrator'], cihRole: null, ...user },
    churchAffiliation: { cihRole: null, affinityGroup: [] },
  });
}

/** The app's data provider, talking to the fake API. */
export const apiDataProvider = () => createDataProvider({ baseUrl: API, table: ENDPOINTS });

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

type ScreenOptions = { path: string; at?: string; dataProvider?: FlockDataProvider };

/**
 * Renders a route screen at an address, with the app's toasts and access table (as App hands them
 * in); other addresses show where the app went. A test that checks what react-admin asked the data provider (beyond what reaches the API)
 * passes its own, made with apiDataProvider() and spied on.
 */
export function renderScreen(screen: ReactElement, { path, at = path, dataProvider = apiDataProvider() }: ScreenOptions) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AccessProvider table={ACCESS}>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={createAuthProvider(dataProvider, ACCESS)}
          i18nProvider={i18nProvider}
          store={memoryStore()}
        >
          <Routes>
            <Route path={path} element={screen} />
            <Route path="*" element={<Where />} />
          </Routes>
          <Notification autoHideDuration={2000} />
        </AdminContext>
      </AccessProvider>
    </MemoryRouter>,
  );
}

/**
 * The table row showing this text, found as a user finds it: by what a cell shows. (A row role
 * query names every row from all its cells, which takes seconds over a table on a busy machine.)
 */
export async function findRow(text: string | RegExp): Promise<HTMLElement> {
  const [cell] = await screen.findAllByText(text, { selector: 'td, td *' });
  return cell.closest('tr') as HTMLElement;
}
