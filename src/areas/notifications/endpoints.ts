import { notificationsCalls as calls } from '@/domain/notifications/calls';
import type { Query } from '@/src/dataProvider/http';
import { list, one, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const notificationsEndpoints = {
  inbox: {
    getList: list(calls.getAllNotifications, { unread: 'Unread' }),
    getOne: one(calls.getNotification),
    custom: {
      markNotificationRead: { call: calls.markAsRead, query: (p: { id: string }) => ({ id: p.id }) },
      markAllNotificationsRead: { call: calls.markAllAsRead },
      getEmailPreferences: { call: calls.getEmailPreferences },
      updateEmailPreferences: { call: calls.updateEmailPreferences, body: (p: { optedOut: string[] }) => p },
    },
  },
  sentNotifications: {
    getList: list(calls.getSentNotifications),
    custom: {
      getAudiences: { call: calls.getAudiences },
      getRecipientCount: { call: calls.getRecipientCount, query: (p: Query) => p },
      sendNotification: { call: calls.sendNotifications, body: (p: { form: FormData }) => p.form },
      getPeople: { call: calls.getPeople, query: (p: { search?: string }) => ({ Search: p.search || undefined }) },
    },
  },
} satisfies Record<string, ResourceEndpoints>;
