import { useGetList } from 'react-admin';
import { holdsRequestRight, isInspectorate, seesAllRequests } from '@/domain/requests/rules';
import { readUser } from '@/src/authProvider/session';
import type { RequestListProps } from './RequestList';

export type TabKey = 'mine' | 'department' | 'inspectorate' | 'all';
export type TabDef = { key: TabKey; resource: RequestListProps['resource']; mayShow: (permissions: string[]) => boolean };

/**
 * Heads of department hold the hod role (headship carries it) and administrators see every
 * department's queue: only they ask for it, so nobody else gets a 403 for a call the page knew
 * would be refused.
 */
const seesDepartmentQueue = () => (readUser()?.roles ?? []).some((role) => role === 'hod' || role === 'administrator');

/**
 * The request lists in /requests' order, each asked for only when the viewer's rights and roles
 * say it will answer: a call the page knows would be refused is not made.
 */
export const REQUEST_TABS: readonly [TabDef, TabDef, TabDef, TabDef] = [
  { key: 'mine', resource: 'myRequests', mayShow: () => true },
  { key: 'department', resource: 'hodRequests', mayShow: (p) => holdsRequestRight(p, 'view') && seesDepartmentQueue() },
  { key: 'inspectorate', resource: 'inspectorateRequests', mayShow: (p) => isInspectorate(p, 'view') },
  { key: 'all', resource: 'allRequests', mayShow: seesAllRequests },
];

const PENDING = { pagination: { page: 1, perPage: 1 }, filter: { status: 'pending' } };

/** How many of the tab's requests wait for a decision; undefined until (or unless) the list answers. */
export function usePendingCount(tab: TabDef, permissions: string[] | undefined) {
  const enabled = !!permissions && tab.mayShow(permissions);
  const { total, isSuccess } = useGetList(tab.resource, PENDING, { enabled, retry: false });
  return isSuccess ? (total ?? 0) : undefined;
}
