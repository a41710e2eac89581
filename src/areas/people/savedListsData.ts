import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { SavedFilter, SavedList } from '@/domain/people/savedLists';
import type { FlockDataProvider } from '@/src/dataProvider';

/** Saved lists on the web (docs/decisions/0214-saved-lists.md): reading them, and their filters as the member list holds them. */

export const SAVED_LISTS_KEY = ['savedLists', 'all'];

/** The caller's saved lists and the shared ones the office sees. */
export function useSavedLists(enabled = true) {
  const api = useDataProvider<FlockDataProvider>();
  return useQuery({ queryKey: SAVED_LISTS_KEY, queryFn: async () => (await api.getSavedLists<SavedList[]>()).data, enabled });
}

/** What a saved list keeps of the member list's filter: the values set (a cleared box is no filter), not the custom field's. */
export function savedFilterOf(filterValues: Record<string, unknown>): SavedFilter {
  const kept = Object.entries(filterValues).filter(
    ([key, value]) =>
      key !== 'customField' &&
      value !== undefined &&
      value !== null &&
      value !== '' &&
      value !== false &&
      !(Array.isArray(value) && !value.length),
  );
  return Object.fromEntries(kept) as SavedFilter;
}

/** Whether two filters are the same (keys in any order; a tag list in any order). */
export function sameFilter(a: SavedFilter, b: SavedFilter) {
  const key = (f: SavedFilter) =>
    JSON.stringify(
      Object.entries(f)
        .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : String(v)])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return key(a) === key(b);
}

/** The member list's address opening a saved filter, its filters shown. */
export function memberListPath(filter: SavedFilter) {
  const displayed = Object.fromEntries(Object.keys(filter).map((key) => [key, true]));
  return `/members-management?${new URLSearchParams({ filter: JSON.stringify(filter), displayedFilters: JSON.stringify(displayed) })}`;
}
