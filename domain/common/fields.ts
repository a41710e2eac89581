import { z, type ZodType } from 'zod';

/** The fields the forms of every area build on: texts, ids and codes, with their messages. */

export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max = 500) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** A record's id: required, in the uuid form (any version, so seeded fixed ids pass). */
export const idField = (label = 'Id') =>
  z.guid({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a valid id`) });

/** The query of a call about one record: ?id=. */
export const idQuery = z.object({ id: idField() });

/** The query of a call about one user: ?UserId=. */
export const userIdQuery = z.object({ userId: idField('UserId') });

export const optionalId = (label: string) => z.guid({ error: `${label} must be a valid id` }).optional();

export const codeField = (label = 'Code', required = false) => {
  const code = z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(20, `${label} must be at most 20 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} may hold only letters, digits, dashes and underscores`);
  return required ? code : code.optional();
};

export const age = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be below 0`)
    .max(120, `${label} cannot be above 120`)
    .optional();

/** Adds the id an update names; the create schema's own checks come along. */
export function withId<S extends z.ZodRawShape>(shape: S) {
  return z.object({ id: idField(), ...shape });
}

/**
 * A body that is a list, sent bare (`[...]`) or wrapped (`{"ids": [...]}`, the key in any
 * letter case as every input name is): both become `{ [key]: list }`.
 */
export function listBody<K extends string, T extends ZodType>(key: K, list: T) {
  return z.preprocess(
    (input) => {
      if (Array.isArray(input)) return { [key]: input };
      if (!input || typeof input !== 'object') return input;
      const found = Object.keys(input).find((k) => k.toLowerCase() === key.toLowerCase());
      return found ? { [key]: (input as Record<string, unknown>)[found] } : input;
    },
    z.object({ [key]: list } as { [P in K]: T }),
  );
}
