import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, LinearProgress } from '@mui/material';

type Props = { isPending: boolean; error?: string; children: ReactNode };

/** A tab's loading and error states before its content. */
export function TabBody({ isPending, error, children }: Props) {
  const translate = useTranslate();
  if (isPending) return <LinearProgress aria-label={translate('flock.loading')} />;
  if (error) return <Alert severity="error">{translate('flock.profile.load_error', { message: error })}</Alert>;
  return <>{children}</>;
}
