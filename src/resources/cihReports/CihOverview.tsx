import { Suspense } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';
import { readUser } from '@/src/authProvider/session';
import { lazyScreen } from '@/src/common/descriptor';

// The charts load only for those who see them, keeping them out of the overview's own chunk.
const ChurchFigures = lazyScreen(() => import('./ChurchFigures'), 'ChurchFigures');
const CenterFigures = lazyScreen(() => import('./CenterFigures'), 'CenterFigures');

/** The overview's house-fellowship figures: the whole church for the inspectorate and administrators, their own center for a center's leader. */
export function CihOverview() {
  const translate = useTranslate();
  const { canAccess: churchWide } = useCanAccess({ resource: 'cihDashboardStats', action: 'view' });
  const { canAccess: leads } = useCanAccess({ resource: 'cihReports', action: 'view' });
  const leader = leads && !!readUser()?.cihRole;
  if (!churchWide && !leader) return null;
  return (
    <Box component="section" aria-labelledby="overview-cih">
      <Typography id="overview-cih" component="h2" variant="h6" gutterBottom>
        {translate(churchWide ? 'flock.cihReports.overview_title' : 'flock.cihReports.overview_center')}
      </Typography>
      <Suspense fallback={<CircularProgress aria-label={translate('flock.loading')} />}>
        {churchWide ? <ChurchFigures /> : <CenterFigures />}
      </Suspense>
    </Box>
  );
}
