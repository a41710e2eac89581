/** A row of GetAllNotifications / GetNotification. */
export type InboxItem = {
  id: string;
  kind: 'request' | 'message';
  title: string;
  body: string;
  senderName: string | null;
  requestId: string | null;
  /** Where in the app what it is about lives (/requests, /events...). */
  link?: string | null;
  attachmentCount: number;
  isRead: boolean;
  createdAt: string;
  attachments?: Attachment[];
};

export type Attachment = { id: string; fileName: string; contentType: string; size: number };

/** A row of GetSentNotifications. */
export type SentItem = {
  id: string;
  title: string;
  audienceLabel: string;
  createdAt: string;
  scheduledFor: string | null;
  status: 'delivered' | 'scheduled';
  recipientCount: number;
  readCount: number;
  mailedCount: number;
  attachmentCount: number;
};

type Option = { id: string; name: string };
/** GetAudiences: what the caller may send to. */
export type Audiences = {
  kinds: string[];
  departments: Option[];
  affinityGroups: Option[];
  zones: Option[];
  centers: Option[];
  roles: Option[];
};
