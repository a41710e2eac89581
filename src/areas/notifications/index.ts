import NotificationsIcon from '@mui/icons-material/Notifications';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { notificationsCalls as calls } from '@/domain/notifications/calls';
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
    getList: list(calls.getAllNotifications, { unread: 'Unread' }),
    getOne: one(calls.getNotification),
    custom: {
      markNotificationRead: { call: calls.markAsRead, query: (p: { id: string }) => ({ id: p.id }) },
      markAllNotificationsRead: { call: calls.markAllAsRead },
      getEmailPreferences: { call: calls.getEmailPreferences },
      updateEmailPreferences: { call: calls.updateEmailPreferences, body: (p: { optedOut: string[] }) => p },
    },
  },
});

/** The messages the caller sent, and the calls of the compose dialog. */
export const sentNotifications = descriptor({
  name: 'sentNotifications',
  access: { view: SIGNED_IN },
  endpoints: {
    getList: list(calls.getSentNotifications),
    custom: {
      getAudiences: { call: calls.getAudiences },
      getRecipientCount: { call: calls.getRecipientCount, query: (p: Query) => p },
      sendNotification: { call: calls.sendNotifications, body: (p: { form: FormData }) => p.form },
      getPeople: { call: calls.getPeople, query: (p: { search?: string }) => ({ Search: p.search || undefined }) },
    },
  },
});
