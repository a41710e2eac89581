import { useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';

/**
 * A signed-in route whose screen a later issue builds: its name and what will appear there,
 * and nothing that pretends to work. Rows of the route table drop it one by one.
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
