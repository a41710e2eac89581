import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { TimelineEntry, TimelinePage as Page } from '@/domain/profile/timeline';
import type { FlockDataProvider } from '@/src/dataProvider';
import { useRemoteOperation } from '@/src/common/useRemoteOperation';

/** One entry in words: its kind's sentence, with the stage and present or absent in words too. */
function useEntryText() {
  const translate = useTranslate();
  return (e: TimelineEntry) => {
    const what = e.kind === 'stage' ? translate(`flock.stages.${e.what}`) : (e.what ?? '');
    return translate(`flock.care.kinds.${e.kind}`, { what, detail: e.detail ?? '' });
  };
}

/** /profile/:userId/timeline: Flock's records about a person, newest first, older pages on request. */
export function TimelinePage() {
  const translate = useTranslate();
  const { userId = '' } = useParams();
  const api = useDataProvider<FlockDataProvider>();
  const text = useEntryText();
  const loading = useRemoteOperation<Page>();
  const { run } = loading;
  const [entries, setEntries] = useState<TimelineEntry[]>([]);
  const [next, setNext] = useState<string | undefined>();
  const load = useCallback(
    async (cursor?: string) => {
      const outcome = await run(() => api.getTimeline<Page>({ userId, cursor }).then((r) => r.data));
      if (!outcome.ok) return;
      setEntries((before) => (cursor ? [...before, ...outcome.result.entries] : outcome.result.entries));
      setNext(outcome.result.nextCursor);
    },
    [api, run, userId],
  );
  useEffect(() => {
    load();
  }, [load]);
  const loaded = entries.length > 0 || loading.success;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h1" variant="h5">
            {translate('flock.care.timeline')}
          </Typography>
          <Button component={Link} to={`/profile/${userId}`}>
            {translate('flock.care.back')}
          </Button>
        </Box>
        {loading.error && <Alert severity="error">{translate('flock.care.load_error', { message: loading.error })}</Alert>}
        {loaded && entries.length === 0 && <Typography sx={{ mt: 2 }}>{translate('flock.care.timeline_empty')}</Typography>}
        <List aria-label={translate('flock.care.timeline')}>
          {entries.map((e) => (
            <ListItem key={`${e.kind}:${e.id}`} divider>
              <ListItemText primary={text(e)} secondary={e.at.slice(0, 10)} />
            </ListItem>
          ))}
        </List>
        {loading.loading && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {next && !loading.loading && (
          <Button variant="outlined" onClick={() => load(next)}>
            {translate('flock.care.load_more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
