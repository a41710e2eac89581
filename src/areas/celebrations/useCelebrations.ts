import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { Period } from '@/domain/celebrations/dates';
import type { CelebrationList } from '@/domain/celebrations/schemas';
import type { FlockDataProvider } from '@/src/dataProvider';

export type Loaded = { list: CelebrationList } | { error: string; refused: boolean };

/** GetAll of a period and scope ('mine', 'church', 'department:<id>', 'center:<id>'); undefined while it loads. */
export function useCelebrations(period: Period, scope: string): Loaded | undefined {
  const api = useDataProvider<FlockDataProvider>();
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded }>();
  const key = `${period} ${scope}`;
  useEffect(() => {
    const [kind, id] = scope.split(':');
    let current = true;
    api.getCelebrations<CelebrationList>({ period, scope: kind, ...(id ? { id } : {}) }).then(
      (res) => current && setLoaded({ key, value: { list: res.data } }),
      (err: { status?: number; message: string }) =>
        current && setLoaded({ key, value: { error: err.message, refused: err.status === 403 } }),
    );
    return () => {
      current = false;
    };
  }, [api, period, scope, key]);
  return loaded?.key === key ? loaded.value : undefined;
}
