import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import type { ApiRecord } from '@/src/common/crud';
import { zoneCentersPath } from './definitions';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography>{children}</Typography>
    </Box>
  );
}

/** A center's zone, address and member count. */
export function CenterFacts({ center, memberCount }: { center: ApiRecord; memberCount: number }) {
  const translate = useTranslate();
  return (
    // Not shrunk in the page's column (the card hides what overflows): the facts stay whole on a long page.
    <Card variant="outlined" sx={{ mb: 2, flexShrink: 0 }}>
      <CardContent sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Fact label={translate('flock.cih.zone')}>
          <Link component={RouterLink} to={zoneCentersPath({ id: center.zoneId })}>
            {center.zoneName}
          </Link>
        </Fact>
        <Fact label={translate('flock.cih.address')}>{center.address || '—'}</Fact>
        <Fact label={translate('flock.cih.member_count')}>{memberCount}</Fact>
      </CardContent>
    </Card>
  );
}
