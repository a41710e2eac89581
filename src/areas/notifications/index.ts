import NotificationsIcon from '@mui/icons-material/Notifications';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** /notifications: everyone's own inbox; sending for those whose scope covers an audience (the server decides). */
export const notifications = descriptor({
  name: 'notifications',
  path: '/notifications',
  screen: lazyScreen(() => import('./NotificationsPage'), 'NotificationsPage'),
  access: { view: SIGNED_IN },
  icon: NotificationsIcon,
});

/** The caller's own notifications (the bell counts its unread ones). */
export const inbox = descriptor({
  name: 'inbox',
  access: { view: SIGNED_IN },
});

/** The messages the caller sent, and the calls of the compose dialog. */
export const sentNotifications = descriptor({
  name: 'sentNotifications',
  access: { view: SIGNED_IN },
});
