import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Pagination, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { FlockDataProvider } from '@/src/dataProvider';
import { saveCsv } from './download';
import type { SentItem } from './types';
import { formatInstant } from '@/src/i18n/formats';

const PER_PAGE = 20;
const COUNTS = ['recipientCount', 'readCount', 'mailedCount'] as const;
const COUNT_LABEL = { recipientCount: 'recipients', readCount: 'read', mailedCount: 'mailed' } as const;

/** The caller's sent messages with how many received, read and were emailed each. */
export function SentList() {
  const translate = useTranslate();
  const api = useDataProvider<FlockDataProvider>();
  const [page, setPage] = useState(1);
  const { data, total, isPending, error } = useGetList<SentItem>('sentNotifications', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'id', order: 'DESC' },
  });
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <Alert severity="error">{translate('flock.notifications.load_error', { message: (error as Error).message })}</Alert>;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('flock.notifications.sent_empty')}</Typography>;
  const label = (key: string) => translate(`flock.notifications.sent.${key}`);
  const exportCsv = async () => {
    const all = await api.getList<SentItem>('sentNotifications', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    const columns = [
      { source: 'title', label: translate('flock.notifications.form.title') },
      { source: 'audienceLabel', label: label('audience') },
      { source: 'createdAt', label: label('createdAt') },
      ...COUNTS.map((source) => ({ source, label: label(COUNT_LABEL[source]) })),
      { source: 'status', label: label('status') },
    ];
    saveCsv(all.data, columns, 'sent-notifications.csv');
  };
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv}>
          {translate('flock.notifications.export')}
        </Button>
      </Box>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('flock.notifications.tabs.sent')}>
        {data.map((m) => (
          <Card component="li" key={m.id} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {m.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {label('audience')}: {m.audienceLabel} ·{' '}
                {m.status === 'scheduled'
                  ? `${label('scheduledFor')} ${formatInstant(m.scheduledFor!)}`
                  : `${label('createdAt')} ${formatInstant(m.createdAt)}`}
              </Typography>
              <Typography variant="body2">
                {label(m.status)} · {COUNTS.map((c) => `${label(COUNT_LABEL[c])}: ${m[c]}`).join(' · ')}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {(total ?? 0) > PER_PAGE && (
        <Pagination count={Math.ceil(total! / PER_PAGE)} page={page} onChange={(_e, p) => setPage(p)} sx={{ my: 1 }} />
      )}
    </>
  );
}
