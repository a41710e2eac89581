import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';

/** How often the bell asks for the unread count while the page is open; it also asks when the window regains focus. */
const BELL_POLL_MS = 30_000;
const UNREAD = { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' as const }, filter: { unread: true } };

/** The app bar's bell: the unread count, kept fresh by polling, linking to /notifications. */
export function NotificationBell() {
  const translate = useTranslate();
  const { total } = useGetList('inbox', UNREAD, { refetchInterval: BELL_POLL_MS, refetchOnWindowFocus: true, retry: false });
  const count = total ?? 0;
  const label = count ? translate('flock.notifications.bell_unread', { count }) : translate('flock.notifications.bell');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={Link} to="/notifications" aria-label={label}>
        {/* The label says the count; the badge's own text (kept while it fades out) would not match it. */}
        <Badge badgeContent={count || null} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
