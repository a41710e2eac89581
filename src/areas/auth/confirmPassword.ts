import { z } from 'zod';

/** A domain schema with newPassword, plus a confirmation field that must repeat it. */
export function withConfirmation<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return schema
    .extend({ confirmPassword: z.string().optional() })
    .refine((values: { newPassword?: unknown; confirmPassword?: unknown }) => values.confirmPassword === values.newPassword, {
      path: ['confirmPassword'],
      message: 'flock.validation.passwords_mismatch',
    });
}
