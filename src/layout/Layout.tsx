import type { ReactNode } from 'react';
import { readToken } from '@/src/authProvider/session';
import { lazyScreen } from '@/src/common/descriptor';
import { Lazy } from './RouteGuards';

/** The app bar, the menus and their icons load after sign-in: the login page needs none of them. */
const SignedInLayout = lazyScreen(() => import('./SignedInLayout'), 'SignedInLayout');

/**
 * The frame of react-admin's routes. Without a token only the not-found page and the guards'
 * redirects reach here, and they show bare.
 */
export function Layout({ children }: { children: ReactNode }) {
  return <Lazy>{readToken() ? <SignedInLayout>{children}</SignedInLayout> : children}</Lazy>;
}
