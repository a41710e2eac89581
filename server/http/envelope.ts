/** The success envelope of API.md. */
/** nextCursor: the member lists' keyset paging, present while more rows follow (server/http/keyset.ts). */
export type Envelope<T = unknown> = { succeeded: true; message: string; data: T; totalCount?: number; nextCursor?: string };

export function ok<T>(data: T, message = 'Successful'): Envelope<T> {
  return { succeeded: true, message, data };
}

export function page<T>(data: T[], totalCount: number, message = 'Successful'): Envelope<T[]> {
  return { succeeded: true, message, data, totalCount };
}
