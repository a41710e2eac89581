import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** The toast shows for 2000 ms. */
const TOAST_MS = 2000;

/**
 * Removing an affinity group from a member's list: the list without it, and the error-style
 * toast 'AffinityGroup Removed', as the profile's affinity groups need it.
 */
export function useRemoveAffinityGroup() {
  const notify = useNotify();
  return useCallback(
    (groups: readonly string[], removed: string): string[] => {
      notify('flock.affinity_groups.removed', { type: 'error', autoHideDuration: TOAST_MS });
      return groups.filter((group) => group !== removed);
    },
    [notify],
  );
}
