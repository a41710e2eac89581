import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, LinearProgress, List, ListItemButton, ListItemText, Pagination, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import type { FlockDataProvider } from '@/src/dataProvider';
import { saveCsv } from './download';
import { NotificationDialog } from './NotificationDialog';
import type { InboxItem } from './types';
import { formatInstant } from '@/src/i18n/formats';

const PER_PAGE = 20;
/** The inbox as a spreadsheet: every notification, not only the page shown (the API's largest page). */
const EXPORT_MAX = 1000;

/** The Export CSV button of the inbox: title, sender, when, read or not, the text and its files. */
function ExportInbox() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useDataProvider<FlockDataProvider>();
  const exportCsv = async () => {
    try {
      const all = await api.getList<InboxItem>('inbox', {
        pagination: { page: 1, perPage: EXPORT_MAX },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      });
      const label = (key: string) => translate(`flock.notifications.inbox_csv.${key}`);
      const rows = all.data.map((n) => ({
        ...n,
        from: n.senderName ?? translate('flock.notifications.inbox_csv.flock'),
        read: label(n.isRead ? 'yes' : 'no'),
      }));
      const columns = ['title', 'from', 'createdAt', 'read', 'body', 'attachmentCount'].map((source) => ({ source, label: label(source) }));
      saveCsv(rows, columns, 'notifications.csv');
    } catch (err) {
      notify(translate('flock.notifications.inbox_csv.failed', { message: (err as Error).message }), { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv}>
        {translate('flock.notifications.export')}
      </Button>
    </Box>
  );
}

/** The caller's notifications, unread first; one opens in a dialog. */
export function InboxList() {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const { data, total, isPending, error } = useGetList<InboxItem>('inbox', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'id', order: 'DESC' },
  });
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <Alert severity="error">{translate('flock.notifications.load_error', { message: (error as Error).message })}</Alert>;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('flock.notifications.empty')}</Typography>;
  const pages = Math.ceil((total ?? 0) / PER_PAGE);
  return (
    <>
      <ExportInbox />
      <List aria-label={translate('flock.notifications.tabs.inbox')}>
        {data.map((n) => (
          <ListItemButton key={n.id} onClick={() => setOpened(n.id)} divider>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box component="span" sx={{ fontWeight: n.isRead ? 400 : 700 }}>
                    {n.title}
                  </Box>
                  {!n.isRead && <Chip size="small" color="primary" label={translate('flock.notifications.unread')} />}
                  {n.attachmentCount > 0 && (
                    <Chip
                      size="small"
                      icon={<AttachFileIcon />}
                      label={translate('flock.notifications.attachments', { smart_count: n.attachmentCount })}
                    />
                  )}
                </Box>
              }
              secondary={`${n.senderName ? translate('flock.notifications.from', { name: n.senderName }) : translate('flock.notifications.from_flock')} · ${formatInstant(n.createdAt)}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} sx={{ my: 1 }} />}
      {opened && <NotificationDialog id={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
