import { useNotify, useRefresh } from 'react-admin';
import type { CustomResult } from '@/src/dataProvider';
import { useRemoteOperation } from './useRemoteOperation';

/**
 * A dialog's one API call: on success the toast (the given text, else the server's message),
 * the lists refresh and the dialog closes; on failure the error stays for the dialog to show.
 */
export function useCallAndClose(onClose: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, ...state } = useRemoteOperation<CustomResult | unknown>();
  const submit = async (call: () => Promise<CustomResult | unknown>, message?: string) => {
    const outcome = await run(call);
    if (!outcome.ok) return false;
    notify(message ?? ((outcome.result as CustomResult)?.message || 'flock.people.done'), { type: 'success' });
    refresh();
    onClose();
    return true;
  };
  return { ...state, submit };
}
