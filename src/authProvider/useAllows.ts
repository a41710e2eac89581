import { usePermissions } from 'react-admin';
import { allows } from './access';
import { useAccessTable } from './accessContext';

/**
 * What the auth provider's canAccess answers (allows over the stored permissions, through the
 * access table handed in), but known at the first render. react-admin's useCanAccess answers a
 * render later, and what a page then shows above its content (a form, the counts) pushed that
 * content down while the user read it. The permissions are react-admin's, seeded from storage
 * (startingQueryClient) and refreshed as ever.
 */
export function useAllowed(): (resource: string, action?: string) => boolean {
  const table = useAccessTable();
  const { permissions = [] } = usePermissions<string[]>();
  return (resource, action = 'view') => allows(table, permissions, resource, action);
}

/** Whether the signed-in user may take action on resource (useAllowed for one resource). */
export function useAllows(resource: string, action = 'view'): boolean {
  return useAllowed()(resource, action);
}
