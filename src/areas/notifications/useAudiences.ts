import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { Audiences } from './types';

/**
 * What the caller may send to (GetAudiences); null until known, and while null nobody is offered
 * a composer: the notifications page's compose button and a selection's 'Message them'.
 */
export function useAudiences() {
  const api = useDataProvider<FlockDataProvider>();
  const [audiences, setAudiences] = useState<Audiences | null>(null);
  useEffect(() => {
    void api.getAudiences<Audiences>().then(
      (r) => setAudiences(r.data),
      () => undefined,
    );
  }, [api]);
  return audiences;
}
