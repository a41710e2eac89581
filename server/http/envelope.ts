/** The success envelope of API.md. */
export type Envelope<T = unknown> = { succeeded: true; message: string; data: T; totalCount?: number };

export function ok<T>(data: T, message = 'Successful'): Envelope<T> {
  return { succeeded: true, message, data };
}

export function page<T>(data: T[], totalCount: number, message = 'Successful'): Envelope<T[]> {
  return { succeeded: true, message, data, totalCount };
}
