import NotificationsIcon from '@mui/icons-material/Notifications';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { list, one } from '@/src/dataProvider/endpoints';
import type { Query } from '@/src/dataProvider/http';

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
  endpoints: {
    getList: list('/Notification/GetAllNotifications', { unread: 'Unread' }),
    getOne: one('/Notification/GetNotification'),
    custom: {
      markNotificationRead: { method: 'PUT', path: '/Notification/MarkAsRead', query: (p: { id: string }) => ({ id: p.id }) },
      markAllNotificationsRead: { method: 'PUT', path: '/Notification/MarkAllAsRead' },
      getEmailPreferences: { method: 'GET', path: '/Notification/GetEmailPreferences' },
      updateEmailPreferences: { method: 'PUT', path: '/Notification/UpdateEmailPreferences', body: (p: { optedOut: string[] }) => p },
    },
  },
});

/** The messages the caller sent, and the calls of the compose dialog. */
export const sentNotifications = descriptor({
  name: 'sentNotifications',
  access: { view: SIGNED_IN },
  endpoints: {
    getList: list('/Notification/GetSentNotifications'),
    custom: {
      getAudiences: { method: 'GET', path: '/Notification/GetAudiences' },
      getRecipientCount: { method: 'GET', path: '/Notification/GetRecipientCount', query: (p: Query) => p },
      sendNotification: { method: 'POST', path: '/Notification/sendnotifications', body: (p: { form: FormData }) => p.form },
      getPeople: { method: 'GET', path: '/Notification/GetPeople', query: (p: { search?: string }) => ({ Search: p.search || undefined }) },
    },
  },
});
