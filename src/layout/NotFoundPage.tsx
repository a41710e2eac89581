import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { usePage } from './usePage';

/** Any unknown path, inside the layout when signed in, on its own otherwise. */
export function NotFoundPage() {
  const translate = useTranslate();
  const title = usePage('flock.routes.notFound.title');
  return (
    <Box component="section" sx={{ p: 4, textAlign: 'center' }}>
      <Title title={title} />
      <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('flock.not_found.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {translate('flock.not_found.home')}
      </Button>
    </Box>
  );
}
