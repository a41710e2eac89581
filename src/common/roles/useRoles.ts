import type { RoleChoice } from '@/domain/common/records';
import { useGetList, useTranslate } from 'react-admin';

/** Lists that fill dropdowns are asked for 25000 rows, that is all of them, in the server's order. */
export const EVERY_ROW = { pagination: { page: 1, perPage: 25000 }, sort: { field: 'id', order: 'ASC' as const } };

/** The role of a user in the app's words: the built-in ones translated, others by their name. */
export function useRoleLabel() {
  const translate = useTranslate();
  return (name: string) => translate(`flock.roles.${name}`, { _: name });
}

/** The platform roles a user may be given (GetPlatformAdminRoles: not firsttimers). */
export const useAssignableRoles = () => useGetList<RoleChoice>('assignableRoles', EVERY_ROW);

/** The CIH roles an inspector may give (GetCIHRoles). */
export const useCihRoles = () => useGetList<RoleChoice>('cihRoles', EVERY_ROW);
