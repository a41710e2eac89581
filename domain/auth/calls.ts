import { defineCall } from '@/domain/common/calls.js';
import {
  changePasswordCompleteSchema,
  changePasswordInsideSchema,
  emailSchema,
  languageChangeSchema,
  loginSchema,
  requestOtpSchema,
  signUpSchema,
  usernameSchema,
  validateEmailCompleteSchema,
} from '@/domain/auth/schemas.js';

/** Sign-up, e-mail validation, one-time passwords, sign-in and out, and password changes. */
export const authCalls = {
  signUpUser: defineCall({ method: 'POST', path: '/UserManagement/SignUpUser', body: signUpSchema }),
  validateEmailInitiate: defineCall({ method: 'POST', path: '/Auth/ValidateEmailInitiate', body: emailSchema }),
  validateEmailComplete: defineCall({ method: 'POST', path: '/Auth/ValidateEmailComplete', body: validateEmailCompleteSchema }),
  requestOtp: defineCall({ method: 'POST', path: '/Auth/RequestOtp', body: requestOtpSchema }),
  login: defineCall({ method: 'POST', path: '/Auth/Login', body: loginSchema }),
  getUserLoginMethod: defineCall({ method: 'POST', path: '/Auth/GetUserLoginMethod', body: usernameSchema }),
  changePasswordInitiate: defineCall({ method: 'POST', path: '/Auth/ChangePasswordInitiate', body: emailSchema }),
  changePasswordComplete: defineCall({ method: 'POST', path: '/Auth/ChangePasswordComplete', body: changePasswordCompleteSchema }),
  changePasswordCompleteInside: defineCall({
    method: 'POST',
    path: '/Auth/ChangePasswordCompleteInside',
    body: changePasswordInsideSchema,
  }),
  logout: defineCall({ method: 'POST', path: '/Auth/Logout' }),
  updateLanguage: defineCall({ method: 'PUT', path: '/Auth/UpdateLanguage', body: languageChangeSchema }),
};
