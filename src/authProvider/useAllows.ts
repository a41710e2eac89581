import { usePermissions } from 'react-admin';
import { allows } from './access';

/**
 * Whether the signed-in user may take action on resource: what the auth provider's canAccess
 * answers (allows over the stored permissions), but known at the first render. react-admin's
 * useCanAccess answers a render later, and what a page then shows above its content (a form, the
 * counts) pushed that content down while the user read it. The permissions are react-admin's,
 * seeded from storage (startingQueryClient) and refreshed as ever.
 */
export function useAllows(resource: string, action = 'view'): boolean {
  const { permissions = [] } = usePermissions<string[]>();
  return allows(permissions, resource, action);
}
