import { useEffect } from 'react';
import { useDataProvider, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Link } from 'react-router-dom';
import { isWebRoute } from '@/domain/common/webRoutes';
import type { FlockDataProvider } from '@/src/dataProvider';
import { downloadAttachment } from './download';
import { MessageText } from './MessageText';
import type { InboxItem } from './types';
import { formatInstant } from '@/src/i18n/formats';

/** An address of this app: one slash (two would name another host) and a route of the app. */
const inApp = (link: string) => /^\/(?!\/)/.test(link) && isWebRoute(link);

/** One notification opened: its text and attachments; opening it marks it read. */
export function NotificationDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useDataProvider<FlockDataProvider>();
  const { data, isPending } = useGetOne<InboxItem>('inbox', { id });
  const unread = data && !data.isRead;
  useEffect(() => {
    if (unread) void api.markNotificationRead({ id }).then(refresh, () => undefined);
  }, [unread, id, api, refresh]);
  const download = (a: { id: string; fileName: string }) =>
    downloadAttachment(a.id, a.fileName).catch(() => notify('flock.notifications.download_failed', { type: 'error' }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notification-title">
      <DialogTitle id="notification-title">{data?.title ?? ''}</DialogTitle>
      <DialogContent>
        {isPending && <LinearProgress />}
        {data && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {data.senderName
                ? translate('flock.notifications.from', { name: data.senderName })
                : translate('flock.notifications.from_flock')}{' '}
              · {formatInstant(data.createdAt)}
            </Typography>
            <MessageText text={data.body} />
            {!!data.attachments?.length && (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                {data.attachments.map((a) => (
                  <Button
                    key={a.id}
                    startIcon={<DownloadIcon />}
                    onClick={() => download(a)}
                    sx={{ textTransform: 'none', textAlign: 'left' }}
                  >
                    {translate('flock.notifications.download', { name: a.fileName })}
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data?.link && inApp(data.link) && (
          <Button component={Link} to={data.link} onClick={onClose}>
            {translate('flock.notifications.open_link')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('flock.notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
