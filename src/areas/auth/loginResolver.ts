import { loginSchema } from '@/domain/auth/schemas';
import { schemaResolver } from '@/src/common/schemaResolver';

/** The login form's resolver, in a chunk of its own with zod (LoginPage loads it on the first key). */
export const loginResolver = schemaResolver(loginSchema);
