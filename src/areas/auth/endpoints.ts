import { authCalls } from '@/domain/auth/calls';
import { post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const authEndpoints = {
  auth: {
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
      updateLanguage: post(authCalls.updateLanguage),
    },
  },
} satisfies Record<string, ResourceEndpoints>;
