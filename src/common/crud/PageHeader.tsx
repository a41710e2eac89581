import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

type Props = { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode };

/** A screen's heading (its one h1), what it is about, and the buttons that act on it. */
export function PageHeader({ title, subtitle, actions }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 2, mb: 1 }}>
      <Box>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
