import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';

/** An empty list says what belongs in it (text: an i18n key) and, where the reader may, how to start. */
export function EmptyNote({ text, action }: { text: string; action?: ReactElement | null }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        <Typography color="text.secondary">{translate(text)}</Typography>
        {action}
      </CardContent>
    </Card>
  );
}
