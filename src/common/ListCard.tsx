import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Card, LinearProgress, List, Typography } from '@mui/material';

/**
 * A settings page's list of things (tags, saved lists, custom fields): the progress bar while it
 * loads, the server's refusal, the empty state's text, then the rows.
 */
export function ListCard({
  label,
  isPending,
  error,
  count,
  empty,
  children,
}: {
  label: string;
  isPending: boolean;
  error: unknown;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card>
      {isPending && <LinearProgress aria-label={translate('flock.loading')} />}
      {!!error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!isPending && !error && count === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {empty}
        </Typography>
      )}
      <List aria-label={label}>{children}</List>
    </Card>
  );
}
