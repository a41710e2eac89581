import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAuthProvider } from '@/src/authProvider';
import { saveSession } from '@/src/authProvider/session';
import { createDataProvider } from '@/src/dataProvider';
import { i18nProvider } from '@/src/i18n';
import { API } from './fakeApi';

export { API, fakeApi, ok, refusal, rows, type ApiCall } from './fakeApi';

/**
 * Component tests of the signed-in screens: the real data provider and auth provider against a
 * fake API (./fakeApi), inside react-admin's context.
 */

// A screen's first render loads react-admin and MUI: slower than testing-library's 1 s on a busy machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** Stores a signed-in session holding these permission strings, as a login does. */
export function signInWith(permissions: string[]) {
  localStorage.clear();
  saveSession({
    token: 'tok-1',
    permissions: permissions.map((p) => {
      const [, accessRight, module] = /^(CAN_[A-Z]+)_(.+)$/.exec(p)!;
      return { accessRight, moduleName: module.replace(/_/g, ' ') };
    }),
    user: { id: 'u-admin', email: 'admin@example.org', fullName: 'Ada Admin', roles: ['administrator'], cihRole: null },
    churchAffiliation: { cihRole: null, affinityGroup: [] },
  });
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** Renders a route screen at an address, with the app's toasts; other addresses show where the app went. */
export function renderScreen(screen: ReactElement, { path, at = path }: { path: string; at?: string }) {
  const dataProvider = createDataProvider({ baseUrl: API });
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={dataProvider} authProvider={createAuthProvider(dataProvider)} i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path={path} element={screen} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Notification autoHideDuration={2000} />
      </AdminContext>
    </MemoryRouter>,
  );
}
