import { z } from 'zod';
import { LANGUAGE_CODES } from '@/domain/common/languages.js';

/** Emails are compared and stored trimmed and lower case. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const PASSWORD_RULE = 'Password must be at least 8 characters and contain a letter and a number';
const passwordField = z
  .string({ error: 'Password is required' })
  .min(8, PASSWORD_RULE)
  .max(128, 'Password must be at most 128 characters')
  .regex(/[A-Za-z]/, PASSWORD_RULE)
  .regex(/[0-9]/, PASSWORD_RULE);

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max);
const optional = (max = 100) => z.string().trim().max(max).optional();

const otpField = z
  .string({ error: 'OTP is required' })
  .trim()
  .regex(/^\d{6}$/, 'OTP must be 6 digits');

/** A person's language: one of the list, refused with the codes it may be otherwise. */
export const languageSchema = z.enum(LANGUAGE_CODES, { error: `The language must be one of: ${LANGUAGE_CODES.join(', ')}` });

export const signUpSchema = z.object({
  firstName: required('First name is required'),
  surName: required('Last name is required'),
  email: emailField,
  mobile1: required('Mobile 1 is required', 30),
  password: passwordField,
  userName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, 'User name must be 3 to 40 letters, digits, dots, dashes or underscores')
    .optional(),
  middleName: optional(),
  title: z.enum(['Mr', 'Mrs', 'Miss', 'Master']).optional(),
  gender: z.enum(['Male', 'Female']).optional(),
  /** The language chosen at sign-up (the browser's by default); English when left out. */
  language: languageSchema.optional(),
  /** Consents given at sign-up (domain/profile/consent.ts); those left out are not asked yet. */
  consents: z
    .object({
      email: z.boolean().optional(),
      sms: z.boolean().optional(),
      listing: z.boolean().optional(),
      age: z.boolean().optional(),
      greetings: z.boolean().optional(),
      directory: z.boolean().optional(),
    })
    .optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z.object({
  username: required('Email or user name is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});

export const usernameSchema = z.object({ username: required('Email or user name is required', 254) });
export const emailSchema = z.object({ email: emailField });
export const validateEmailCompleteSchema = z.object({ email: emailField, otp: otpField });
export const requestOtpSchema = z.object({ email: emailField, purpose: z.enum(['verify', 'reset']) });
export const changePasswordCompleteSchema = z.object({ email: emailField, otp: otpField, newPassword: passwordField });
/** The signed-in person's own language (docs/decisions/0226-languages.md). */
export const languageChangeSchema = z.object({ language: languageSchema });

export const changePasswordInsideSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128),
  newPassword: passwordField,
});
