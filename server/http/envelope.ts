/** The success envelope of API.md. */
export type Envelope<T = unknown> = { succeeded: true; message: string; data: T; totalCount?: number };

export function ok<T>(data: T, message = 'Successful'): Envelope<T> {
  return { succeeded: true, message, data };
}

export function page<T>(data: T[], totalCount: number, message = 'Successful'): Envelope<T[]> {
  return { succeeded: true, message, data, totalCount };
}

/** API.md paging: PageNumber 1-based, PageSize default 10 and at most 25100. */
export function pagingOf(q: { pageNumber?: number; pageSize?: number }) {
  const size = Math.min(Math.max(q.pageSize ?? 10, 1), 25100);
  const number = Math.max(q.pageNumber ?? 1, 1);
  return { limit: size, offset: (number - 1) * size };
}
