import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, LinearProgress } from '@mui/material';

/**
 * Content mounted at once, so its own data loads meanwhile, but shown only once ready: what a
 * page draws above it from a record (a title that may wrap, the record's facts), whose height is
 * unknown until the record arrives, then lays out together with it instead of pushing it down
 * while the user reads it.
 */
export function HeldUntil({ ready, children }: { ready: boolean; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      {!ready && <LinearProgress aria-label={translate('flock.loading')} />}
      <Box sx={{ display: ready ? 'block' : 'none' }}>{children}</Box>
    </>
  );
}
