import { Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { useAllows } from '@/src/authProvider/useAllows';
import { Box, CircularProgress, Typography } from '@mui/material';
import { readUser } from '@/src/authProvider/session';
import { lazyScreen } from '@/src/common/descriptor';
import { WhenVisible } from '@/src/common/WhenVisible';

// The charts load only for those who see them, keeping them out of the overview's own chunk, and
// only when scrolled into view (WhenVisible): on a phone they lie far below the first screen.
const ChurchFigures = lazyScreen(() => import('./ChurchFigures'), 'ChurchFigures');
const CenterFigures = lazyScreen(() => import('./CenterFigures'), 'CenterFigures');

/** About the height of the figures' first cards, held while they are out of sight. */
const FIGURES_HEIGHT = 320;

/** The overview's house-fellowship figures: the whole church for the inspectorate and administrators, their own center for a center's leader. */
export function CihOverview() {
  const translate = useTranslate();
  const churchWide = useAllows('cihDashboardStats');
  const leads = useAllows('cihReports');
  const leader = leads && !!readUser()?.cihRole;
  if (!churchWide && !leader) return null;
  return (
    <Box component="section" aria-labelledby="overview-cih">
      <Typography id="overview-cih" component="h2" variant="h6" gutterBottom>
        {translate(churchWide ? 'flock.cihReports.overview_title' : 'flock.cihReports.overview_center')}
      </Typography>
      <WhenVisible minHeight={FIGURES_HEIGHT}>
        <Suspense fallback={<CircularProgress aria-label={translate('flock.loading')} />}>
          {churchWide ? <ChurchFigures /> : <CenterFigures />}
        </Suspense>
      </WhenVisible>
    </Box>
  );
}
