import { useMemo } from 'react';
import { Admin, CustomRoutes, Notification as RaNotification } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { APP_NAME } from './config';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { usePreferences } from './layout/preferences';
import { OpenRoute, PublicOnly, RootRoute, RouteGuard } from './layout/RouteGuards';
import { buildTheme } from './layout/theme';
import { NotFoundPage, OPEN_ROUTES, PRIVATE_ROUTES, PUBLIC_ROUTES } from './routes';

/** SPEC.md section 9: toasts show for 2000 ms. */
const Notification = () => <RaNotification autoHideDuration={2000} />;

/**
 * The admin without its router, so tests can give it a memory router. Sign-in is enforced
 * per route by RouteGuard (requireAuth's job) so that unknown paths show the not-found page
 * to everybody and a signed-out visitor keeps the address in redirect_from.
 */
export function FlockAdmin() {
  const [preferences] = usePreferences();
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  return (
    <Admin
      title={APP_NAME}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      notification={Notification}
      catchAll={NotFoundPage}
      loginPage={false}
      theme={theme}
      darkTheme={null}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<RootRoute />} />
        {PUBLIC_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<PublicOnly route={route} />} />
        ))}
        {OPEN_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<OpenRoute route={route} />} />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        {PRIVATE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RouteGuard route={route} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <FlockAdmin />
    </BrowserRouter>
  );
}
