import { Suspense } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';
import { lazyScreen } from '@/src/common/descriptor';

// The charts load only for those who see them, keeping them out of the overview's own chunk.
const ChurchFigures = lazyScreen(() => import('./ChurchFigures'), 'ChurchFigures');

/** The overview's house-fellowship figures for the inspectorate and administrators. */
export function CihOverview() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'cihDashboardStats', action: 'view' });
  if (!canAccess) return null;
  return (
    <Box component="section" aria-labelledby="overview-cih">
      <Typography id="overview-cih" component="h2" variant="h6" gutterBottom>
        {translate('flock.cihReports.overview_title')}
      </Typography>
      <Suspense fallback={<CircularProgress aria-label={translate('flock.loading')} />}>
        <ChurchFigures />
      </Suspense>
    </Box>
  );
}
