import { useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import type { ApiRecord } from '@/src/common/crud';

const t = (key: string) => `flock.cihReports.${key}`;

/** The centers that did not meet this week, for the inspectorate to call. */
export function NotReported({ centers }: { centers: ApiRecord[] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="not-reported">
      <CardContent>
        <Typography id="not-reported" component="h3" variant="subtitle1">
          {translate(t('not_reported'), { smart_count: centers.length })}
        </Typography>
        <Typography color="text.secondary">{centers.map((c) => c.centerName).join(', ') || translate(t('all_reported'))}</Typography>
      </CardContent>
    </Card>
  );
}
