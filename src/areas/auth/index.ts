import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** '/' shows it to a signed-out visitor (App's RootRoute). */
export const LoginPage = lazyScreen(() => import('./LoginPage'), 'LoginPage');

/** The public pages (a signed-in visitor is sent to overview) and the account calls. */
export const auth = descriptor({
  name: 'auth',
  area: 'public',
  routes: [
    { path: '/register', title: 'register', screen: lazyScreen(() => import('./RegisterPage'), 'RegisterPage') },
    { path: '/forgot-password', title: 'forgotPassword', screen: lazyScreen(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage') },
    {
      path: '/reset-password/:email',
      title: 'resetPassword',
      screen: lazyScreen(() => import('./ResetPasswordPage'), 'ResetPasswordPage'),
    },
    { path: '/email-verify/:email', title: 'emailVerify', screen: lazyScreen(() => import('./EmailVerifyPage'), 'EmailVerifyPage') },
    { path: '/verify/:email/:type', title: 'verify', screen: lazyScreen(() => import('./VerifyLanding'), 'VerifyLanding') },
  ],
});
