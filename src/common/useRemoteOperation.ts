import { useCallback, useState } from 'react';
import { en } from '@/src/i18n/en';

export type OperationState<T> = { loading: boolean; success?: T; error?: string };
export type Outcome<T> = { ok: true; result: T } | { ok: false; error: Error };

const asError = (error: unknown) =>
  error instanceof Error ? error : new Error(typeof error === 'string' ? error : en.flock.errors.something_went_wrong);

/**
 * Begin sets loading and clears success and error; success clears loading and keeps the result;
 * error keeps the error's message (the API's, as the data provider shapes it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers that read the result name its type
export function useRemoteOperation<T = any>() {
  const [state, setState] = useState<OperationState<T>>({ loading: false });
  const run = useCallback(async (operation: () => Promise<T>): Promise<Outcome<T>> => {
    setState({ loading: true });
    try {
      const result = await operation();
      setState({ loading: false, success: result });
      return { ok: true, result };
    } catch (caught) {
      const error = asError(caught);
      setState({ loading: false, error: error.message });
      return { ok: false, error };
    }
  }, []);
  return { ...state, run };
}
