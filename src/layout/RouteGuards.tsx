import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Loading, useCanAccess, useNotify } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AFTER_LOGIN, loginPathFor } from '@/src/authProvider/redirect';
import { readToken } from '@/src/authProvider/session';
import { LoginPage } from '@/src/areas/auth';
import { lazyScreen } from '@/src/common/descriptor';
import type { AppRoute } from '@/src/screens';
import { usePage } from './usePage';

/*
 * The guards read the token when they render rather than subscribing to it: the login page
 * navigates on success itself, and a subscription would race it to '/home'.
 */

/** A route denied by permission: the toast 'You are not authorised', then overview. Once, even under StrictMode. */
function NotAuthorised() {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify('flock.errors.not_authorised', { type: 'error' });
    navigate(AFTER_LOGIN, { replace: true });
  }, [notify, navigate]);
  return null;
}

/** A route outside the access table: its title and screen. */
type PublicRoute = Pick<AppRoute, 'title' | 'screen'>;

/** Title (react-admin's, with its configurable parts) loads with the signed-in frame, not on the login page. */
const PrivateScreen = lazyScreen(() => import('./PrivateScreen'), 'PrivateScreen');

function Authorised({ route }: { route: AppRoute }) {
  const { canAccess, isPending } = useCanAccess({ resource: route.access, action: route.action });
  // canAccess reads local storage: pending lasts a tick, too short for a loading screen.
  if (isPending) return null;
  return canAccess ? <PrivateScreen route={route} /> : <NotAuthorised />;
}

/** A signed-in route: no token goes to login with redirect_from; a missing permission to overview. */
export function RouteGuard({ route }: { route: AppRoute }) {
  const { pathname, search } = useLocation();
  if (!readToken()) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return <Authorised route={route} />;
}

/** A lazily loaded screen outside the layout, which has its own Suspense. */
export const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={<Loading />}>{children}</Suspense>;

/** /privacy and /terms: the same for everybody. */
export function OpenRoute({ route }: { route: PublicRoute }) {
  usePage(`flock.routes.${route.title}.title`);
  const Screen = route.screen;
  return <Lazy>{Screen && <Screen />}</Lazy>;
}

/** A public route: a signed-in visitor is sent to overview. */
export function PublicOnly({ route }: { route: PublicRoute }) {
  return readToken() ? <Navigate to={AFTER_LOGIN} replace /> : <OpenRoute route={route} />;
}

const LOGIN_ROUTE: PublicRoute = { title: 'login', screen: LoginPage };

/** '/': the login page, or /home for a signed-in user. */
export function RootRoute() {
  return readToken() ? <Navigate to="/home" replace /> : <OpenRoute route={LOGIN_ROUTE} />;
}
