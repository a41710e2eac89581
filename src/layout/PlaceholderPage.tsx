import { useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';

/**
 * A signed-in route without a screen yet: its name and what will appear there, and nothing
 * that pretends to work.
 */
export function PlaceholderPage({ name }: { name: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate(`flock.routes.${name}.title`)}
        </Typography>
        <Typography color="text.secondary">{translate(`flock.routes.${name}.placeholder`)}</Typography>
      </CardContent>
    </Card>
  );
}
