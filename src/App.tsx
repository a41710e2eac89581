import { Suspense, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Loading, Resource } from 'react-admin';
import { BrowserRouter, Route, useParams } from 'react-router-dom';
import { createAuthProvider, startingQueryClient } from './authProvider';
import { AccessProvider } from './authProvider/accessContext';
import { readToken } from './authProvider/session';
import { lazyScreen } from './common/descriptor';
import { APP_NAME } from './config';
import { createDataProvider } from './dataProvider';
import { ENDPOINT_SLICES, preloadEndpoints } from './endpointTable';
import { i18nProvider } from './i18n';
import { BrowserLanguage } from './layout/BrowserLanguage';
import { Layout } from './layout/Layout';
import { menuTargets, MenuProvider } from './layout/menuTargets';
import { usePreferences } from './layout/preferences';
import { OpenRoute, PublicOnly, RootRoute, RouteGuard } from './layout/RouteGuards';
import { buildTheme } from './layout/theme';
import { ACCESS, RESOURCE_SCREENS, routesIn, routesOf, SCREENS, type AppRoute } from './screens';

// The providers and the menu are built here from the screen list and handed in: they import no screen.
// The endpoint table comes in slices of its own, after the first page (src/endpointTable/index.ts says why).
const dataProvider = createDataProvider({ table: ENDPOINT_SLICES });
const authProvider = createAuthProvider(dataProvider, ACCESS);
const MENU_TARGETS = menuTargets(SCREENS);

const NotFoundPage = lazyScreen(() => import('./layout/NotFoundPage'), 'NotFoundPage');

const Toasts = lazyScreen(() => import('./layout/Toasts'), 'Toasts');
const CrashPage = lazyScreen(() => import('./layout/CrashPage'), 'CrashPage');
/** The error page as CoreAdminUI renders it, while its chunk loads. */
const ErrorPage = (props: ComponentProps<typeof CrashPage>) => (
  <Suspense fallback={null}>
    <CrashPage {...props} />
  </Suspense>
);

/**
 * A resource's list at exactly /<name>: <Resource> mounts its list at /<name>/*, and an address
 * below it that no route of the resource names is not found, as everywhere else.
 */
function ResourceList({ route }: { route: AppRoute }) {
  return useParams()['*'] ? <NotFoundPage /> : <RouteGuard route={route} />;
}

/**
 * react-admin's <Admin> is AdminContext over AdminUI, whose defaults (its layout, login page,
 * menus) would all load before the login page shows. Flock gives its own, so the admin is put
 * together here from the core parts and the first page a phone opens stays small.
 */
function AdminShell({ children }: { children: ReactNode }) {
  const [preferences] = usePreferences();
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  const [queryClient] = useState(startingQueryClient);
  // Fetched while the first page shows, so that a signed-in screen does not wait for it; the
  // sign-in page fetches it at the first key (LoginPage), so that its first load stays small.
  useEffect(() => {
    if (window.location.pathname !== '/' || readToken()) preloadEndpoints();
  }, []);
  return (
    <AccessProvider table={ACCESS}>
      <MenuProvider targets={MENU_TARGETS}>
        <AdminContext
          queryClient={queryClient}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          darkTheme={null}
        >
          <BrowserLanguage />
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              title={APP_NAME}
              layout={Layout}
              catchAll={NotFoundPage}
              error={ErrorPage}
              loading={Loading}
              loginPage={false}
              disableTelemetry
            >
              {children}
            </CoreAdminUI>
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </CssBaseline>
        </AdminContext>
      </MenuProvider>
    </AccessProvider>
  );
}

/**
 * The admin without its router, so tests can give it a memory router. Sign-in is enforced
 * per route by RouteGuard (requireAuth's job) so that unknown paths show the not-found page
 * to everybody and a signed-out visitor keeps the address in redirect_from.
 * Every route comes from the descriptors of src/screens.ts.
 */
export function FlockAdmin() {
  return (
    <AdminShell>
      <CustomRoutes noLayout>
        <Route path="/" element={<RootRoute />} />
        {routesIn('public').map((route) => (
          <Route key={route.path} path={route.path} element={<PublicOnly route={route} />} />
        ))}
        {routesIn('open').map((route) => (
          <Route key={route.path} path={route.path} element={<OpenRoute route={route} />} />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        {routesIn('signedIn').map((route) => (
          <Route key={route.path} path={route.path} element={<RouteGuard route={route} />} />
        ))}
      </CustomRoutes>
      {RESOURCE_SCREENS.map((d) => {
        const [list, ...more] = routesOf(d);
        return (
          <Resource key={d.name} name={d.name} icon={d.icon} list={<ResourceList route={list} />}>
            {more.map((route) => (
              <Route key={route.path} path={route.path.slice(`/${d.name}/`.length)} element={<RouteGuard route={route} />} />
            ))}
          </Resource>
        );
      })}
    </AdminShell>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <FlockAdmin />
    </BrowserRouter>
  );
}
