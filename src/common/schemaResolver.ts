import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

type FormResolver = ReturnType<typeof zodResolver>;

/** react-admin inputs hold null or '' for an emptied field; the domain schemas mean "absent" by undefined. */
function absentAsUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === null || value === '' ? undefined : value]));
}

/** The form resolver of a domain zod schema: forms validate with the server's schemas. */
export function schemaResolver(schema: z.ZodType<object>): FormResolver {
  const resolve = zodResolver(schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>) as FormResolver;
  return (values, context, options) => resolve(absentAsUndefined(values), context, options);
}
