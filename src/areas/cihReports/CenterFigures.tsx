import { useEffect, useState, type ReactElement } from 'react';
import { useDataProvider } from 'react-admin';
import type { CustomResult, FlockDataProvider } from '@/src/dataProvider';
import type { ApiRecord } from '@/src/common/crud';
import { AttendanceFigures, FiguresState, type CihFigures } from './AttendanceFigures';

/** A center leader's own center over 26 weeks: GetMyCenter, then GetCIHStats of that center. */
export function CenterFigures(): ReactElement | null {
  const dataProvider: FlockDataProvider = useDataProvider<FlockDataProvider>();
  const [state, setState] = useState<{ data?: CihFigures; error?: string; none?: boolean }>({});
  useEffect(() => {
    dataProvider
      .getMyCenter<{ center: ApiRecord }>()
      .then(
        (mine: CustomResult<{ center: ApiRecord }>) => dataProvider.getCihStats<CihFigures>({ CenterId: mine.data.center.id }),
        () => undefined,
      )
      .then(
        (result?: CustomResult<CihFigures>) => setState(result ? { data: result.data } : { none: true }),
        (error: Error) => setState({ error: error.message }),
      );
  }, [dataProvider]);
  if (state.none) return null;
  return state.data ? <AttendanceFigures figures={state.data} /> : <FiguresState error={state.error} />;
}
