import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API faked on msw, for the data provider's and the screens' tests (absolute URLs, as msw in Node needs). */
export const API = 'http://flock.test/api';

export type ApiCall = { method: string; path: string; query: Record<string, string>; body: unknown };
type Reply = (call: ApiCall) => Response | Promise<Response>;

export const ok = (data: unknown, extra: object = {}) => HttpResponse.json({ succeeded: true, message: 'Successful', data, ...extra });
/** A list answer: the rows and their total. */
export const rows = (data: unknown[], totalCount = data.length) => ok(data, { totalCount });
export const refusal = (status: number, message: string) => HttpResponse.json({ succeeded: false, message }, { status });

/**
 * A fake API for one test file: replies by 'METHOD /Controller/Call' (matched without case, as
 * the server does), every call recorded; a call with no reply is a 404 and fails the test.
 */
export function fakeApi() {
  const server = setupServer();
  const replies = new Map<string, Reply>();
  const calls: ApiCall[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    replies.clear();
    calls.length = 0;
    // jsdom has no scrolling; react-admin scrolls to the top on navigation.
    if (typeof window !== 'undefined') window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    server.use(
      http.all(`${API}/*`, async ({ request }) => {
        const url = new URL(request.url);
        const path = url.pathname.slice(new URL(API).pathname.length);
        const type = request.headers.get('content-type') ?? '';
        // JSON bodies as values; a multipart body (the avatar upload) as its fields, files included.
        const body = type.includes('json')
          ? await request.json()
          : type.includes('multipart/form-data')
            ? Object.fromEntries((await request.formData()).entries())
            : undefined;
        const call = { method: request.method, path, query: Object.fromEntries(url.searchParams), body };
        calls.push(call);
        const reply = replies.get(`${request.method} ${path}`.toLowerCase());
        return reply ? reply(call) : refusal(404, `No reply for ${request.method} ${path}`);
      }),
    );
  });
  afterEach(() => server.resetHandlers());
  return {
    calls,
    /** Answers 'GET /Ministry/GetAll' with the reply (a function of the call, or a fixed response maker). */
    on(route: string, reply: Reply) {
      replies.set(route.toLowerCase(), reply);
    },
    /** The calls made to one route, in order. */
    callsTo(route: string) {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && c.path.toLowerCase() === path.toLowerCase());
    },
  };
}
