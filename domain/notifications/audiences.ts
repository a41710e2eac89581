/** Who a message goes to, shared by the server and the compose dialog. */
export const AUDIENCE_KINDS = [
  'everyone',
  'members',
  'firstTimers',
  'department',
  'affinityGroup',
  'zone',
  'center',
  'role',
  'people',
] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** The kinds that name one department, group, zone, center or role in AudienceId. */
export const AUDIENCES_WITH_ID: readonly AudienceKind[] = ['department', 'affinityGroup', 'zone', 'center', 'role'];

/** A message's attachments: at most five, 5 MB each, PDF or image, judged by their bytes. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
