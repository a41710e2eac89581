import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/**
 * One step of a public auth flow: the call, the server's message as a success toast, then the
 * next page. A failure stays on the page, in the operation's error state.
 */
export function useAuthStep() {
  const dataProvider = useDataProvider<FlockDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { loading, error, run } = useRemoteOperation<{ message?: string }>();

  const step = async (call: (provider: FlockDataProvider) => Promise<{ message?: string }>, next: string) => {
    const outcome = await run(() => call(dataProvider));
    if (!outcome.ok) return;
    if (outcome.result.message) notify(outcome.result.message, { type: 'success' });
    navigate(next);
  };
  return { loading, error, step };
}
