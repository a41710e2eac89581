import { authCalls } from '@/domain/auth/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { post } from '@/src/dataProvider/endpoints';

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
  endpoints: {
    custom: {
      login: post(authCalls.login),
      logout: post(authCalls.logout),
      signUp: post(authCalls.signUpUser),
      validateEmailInitiate: post(authCalls.validateEmailInitiate),
      validateEmailComplete: post(authCalls.validateEmailComplete),
      requestOtp: post(authCalls.requestOtp),
      changePasswordInitiate: post(authCalls.changePasswordInitiate),
      changePasswordComplete: post(authCalls.changePasswordComplete),
      changePasswordInside: post(authCalls.changePasswordCompleteInside),
    },
  },
});
