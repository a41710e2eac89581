import { useNotify } from 'react-admin';

/**
 * A list row's action (delete, move, retire): the toast says it was done or the server's refusal,
 * and the list is read again either way, since a refusal may mean someone else changed it.
 */
export function useListAction(refetch: () => Promise<unknown>) {
  const notify = useNotify();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
    await refetch();
  };
}
