import { audienceSchema, emailPreferencesSchema, peopleSearchQuery } from '@/domain/notifications/schemas.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** The inbox, e-mail preferences, and sending notifications to audiences. */
export const notificationsCalls = {
  getAllNotifications: defineCall({ method: 'GET', path: '/Notification/GetAllNotifications' }),
  getNotification: defineCall({ method: 'GET', path: '/Notification/GetNotification', query: idQuery }),
  getUnreadCount: defineCall({ method: 'GET', path: '/Notification/GetUnreadCount' }),
  markAsRead: defineCall({ method: 'PUT', path: '/Notification/MarkAsRead', query: idQuery }),
  markAllAsRead: defineCall({ method: 'PUT', path: '/Notification/MarkAllAsRead' }),
  getEmailPreferences: defineCall({ method: 'GET', path: '/Notification/GetEmailPreferences' }),
  updateEmailPreferences: defineCall({ method: 'PUT', path: '/Notification/UpdateEmailPreferences', body: emailPreferencesSchema }),
  getAudiences: defineCall({ method: 'GET', path: '/Notification/GetAudiences' }),
  getRecipientCount: defineCall({ method: 'GET', path: '/Notification/GetRecipientCount', query: audienceSchema }),
  sendNotifications: defineCall({ method: 'POST', path: '/Notification/sendnotifications', multipart: true }),
  getSentNotifications: defineCall({ method: 'GET', path: '/Notification/GetSentNotifications' }),
  getAttachment: defineCall({ method: 'GET', path: '/Notification/GetAttachment', query: idQuery }),
  getPeople: defineCall({ method: 'GET', path: '/Notification/GetPeople', query: peopleSearchQuery }),
};
