import { HttpError } from 'react-admin';
import { en } from '@/src/i18n/en';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, unknown>;

/** The API's envelope: {succeeded, message, data, totalCount} and, on failure, field errors. */
export type Envelope<T = unknown> = {
  succeeded?: boolean;
  message?: string;
  data?: T;
  totalCount?: number;
  errors?: Record<string, string[]>;
};

export type HttpRequest = {
  method: HttpMethod;
  path: string;
  query?: Query;
  /** JSON, or FormData for multipart calls (file upload). */
  body?: unknown;
  /** Statuses that count as success: only 200 unless a call says otherwise. */
  okStatus?: readonly number[];
  signal?: AbortSignal;
};

export type HttpClientOptions = { baseUrl: string; getToken: () => string | null };

const TEXT = en.flock.errors;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Empty, null and undefined parameters are dropped; arrays repeat the name. */
export function queryString(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) {
      if (!isEmpty(item)) search.append(name, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** react-admin forms show body.errors per field; the server sends a list per field, the form one text. */
function formErrors(errors: Envelope['errors']): Record<string, string> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, [list].flat()[0] ?? '']));
}

/** 401 is 'Token expired'; 500 and other 4xx the server message or 'Something went wrong'. */
function httpErrorOf(status: number, statusText: string, body: Envelope | undefined): HttpError {
  const serverMessage = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  const errorBody = { ...body, errors: formErrors(body?.errors) };
  if (status === 401) return new HttpError(TEXT.token_expired, status, errorBody);
  const handled = status === 500 || (status >= 200 && status < 300) || (status >= 400 && status < 500);
  // Other statuses (3xx, 502, 503...) pass through as they came.
  const message = serverMessage ?? (handled ? TEXT.something_went_wrong : statusText || String(status));
  return new HttpError(message, status, errorBody);
}

async function readBody(response: Response): Promise<Envelope | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return undefined;
  }
}

/** One HTTP call of the API: bearer token, JSON or multipart body, envelope checked. */
export function createHttpClient({ baseUrl, getToken }: HttpClientOptions) {
  return async function request({ method, path, query, body, okStatus = [200], signal }: HttpRequest): Promise<Envelope> {
    const headers = new Headers({ Accept: 'application/json' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${baseUrl}${path}${queryString(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
    const envelope = await readBody(response);
    // A sign-up with succeeded false fails with the server's message.
    if (!okStatus.includes(response.status) || envelope?.succeeded === false) {
      throw httpErrorOf(response.status, response.statusText, envelope);
    }
    return envelope ?? {};
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
