import type { ReactElement } from 'react';
import { useDataProvider } from 'react-admin';
import { Stack } from '@mui/material';
import type { FlockDataProvider } from '@/src/dataProvider';
import type { ApiRecord } from '@/src/common/crud';
import { AttendanceFigures, FiguresState, useFigures, type CihFigures } from './AttendanceFigures';
import { NotReported } from './NotReported';

/** The whole church's CIH figures over 26 weeks, and the centers that did not meet this week. */
type Figures = CihFigures & { notReportedThisWeek: ApiRecord[] };

export function ChurchFigures(): ReactElement {
  const dataProvider: FlockDataProvider = useDataProvider<FlockDataProvider>();
  const figures: { data?: Figures; error?: string } = useFigures(() => dataProvider.getCihDashboardStats<Figures>(), 'church');
  if (!figures.data) return <FiguresState error={figures.error} />;
  return (
    <Stack spacing={2}>
      <AttendanceFigures figures={figures.data} />
      <NotReported centers={figures.data.notReportedThisWeek} />
    </Stack>
  );
}
