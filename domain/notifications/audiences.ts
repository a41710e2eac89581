/**
 * Who a message goes to, shared by the server and the compose dialog: each kind with what it
 * names in AudienceId ('record': the id of a department, group, zone or center; 'role': a role's
 * name) or in UserIds ('people'). One entry per kind: the server's conditions, checks and labels
 * are typed tables over these keys, so a kind added here does not compile until each has its case.
 */
export const AUDIENCES = {
  everyone: { names: 'nothing' },
  members: { names: 'nothing' },
  firstTimers: { names: 'nothing' },
  department: { names: 'record' },
  affinityGroup: { names: 'record' },
  zone: { names: 'record' },
  center: { names: 'record' },
  role: { names: 'role' },
  people: { names: 'people' },
} as const satisfies Record<string, { names: 'nothing' | 'record' | 'role' | 'people' }>;
export type AudienceKind = keyof typeof AUDIENCES;

export const AUDIENCE_KINDS = Object.keys(AUDIENCES) as [AudienceKind, ...AudienceKind[]];

/** The kinds that name one department, group, zone, center or role in AudienceId. */
export const AUDIENCES_WITH_ID: readonly AudienceKind[] = AUDIENCE_KINDS.filter((k) => ['record', 'role'].includes(AUDIENCES[k].names));

/** A message's attachments: at most five, 5 MB each, PDF or image, judged by their bytes. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
