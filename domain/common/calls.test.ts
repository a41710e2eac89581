import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { UserRecord } from '@/domain/common/records.js';
import { peopleCalls } from '@/domain/people/calls.js';
import { AREA_CALLS } from '@/tests/support/declaredCalls.js';
import {
  callKey,
  defineCall,
  pathOf,
  responseType,
  type BodyOf,
  type PathParams,
  type QueryInputOf,
  type QueryOf,
  type ResponseOf,
} from './calls.js';

const ALL = Object.entries(AREA_CALLS).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, call]) => ({ name: `${area}.${name}`, call })),
);

describe('the declared calls', () => {
  it('never share a method and path, whatever the letter case', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { name, call } of ALL) {
      const key = callKey(call);
      if (seen.has(key)) clashes.push(`${name} and ${seen.get(key)}: ${key}`);
      seen.set(key, name);
    }
    expect(clashes).toEqual([]);
  });

  it('spell paths under /api from their first slash, without a query or a trailing slash', () => {
    const bad = ALL.filter(
      ({ call: { path } }) => !path.startsWith('/') || path.endsWith('/') || /[?#\s]/.test(path) || /^\/api(\/|$)/i.test(path),
    );
    expect(bad.map(({ name, call }) => `${name}: ${call.path}`)).toEqual([]);
  });

  it('take a body only where one is sent: never on GET, and not as a schema on multipart calls', () => {
    const bad = ALL.filter(({ call }) => call.body && (call.method === 'GET' || call.multipart));
    expect(bad.map(({ name }) => name)).toEqual([]);
  });
});

describe('pathOf', () => {
  const report = defineCall({ method: 'GET', path: '/Event/:eventId/Report/:day' });

  it('fills each :name segment, URL-encoded', () => {
    expect(pathOf(report, { eventId: 'a/b c', day: 3 })).toBe('/Event/a%2Fb%20c/Report/3');
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf(peopleCalls.getUserbyId)).toBe('/UserManagement/GetUserbyId');
  });

  it('throws when a parameter has no value', () => {
    const missing = { eventId: 'e1' } as unknown as { eventId: string; day: string };
    expect(() => pathOf(report, missing)).toThrow(/:day/);
    expect(() => pathOf(report, { eventId: '', day: 'monday' })).toThrow(/:eventId/);
  });

  it('names the parameters in its type', () => {
    expectTypeOf<PathParams<typeof report.path>>().toEqualTypeOf<'eventId' | 'day'>();
    expectTypeOf<PathParams<'/UserManagement/GetUserbyId'>>().toBeNever();
  });
});

describe('a declaration keeps its types', () => {
  const call = defineCall({
    method: 'PUT',
    path: '/Thing/Rename',
    query: z.object({ id: z.string(), count: z.coerce.number() }),
    body: z.object({ name: z.string() }),
    response: responseType<UserRecord>(),
  });

  it('its method and path as literals', () => {
    expectTypeOf(call.method).toEqualTypeOf<'PUT'>();
    expectTypeOf(call.path).toEqualTypeOf<'/Thing/Rename'>();
  });

  it('its query and body as parsed and as sent, and its response', () => {
    expectTypeOf<QueryOf<typeof call>>().toEqualTypeOf<{ id: string; count: number }>();
    expectTypeOf<QueryInputOf<typeof call>>().toEqualTypeOf<{ id: string; count: unknown }>();
    expectTypeOf<BodyOf<typeof call>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<ResponseOf<typeof call>>().toEqualTypeOf<UserRecord>();
  });

  it('no query or body, and unknown data, when the declaration names none', () => {
    const bare = defineCall({ method: 'GET', path: '/Thing/GetAll' });
    expectTypeOf<QueryOf<typeof bare>>().toEqualTypeOf<undefined>();
    expectTypeOf<BodyOf<typeof bare>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<typeof bare>>().toEqualTypeOf<unknown>();
    expect(bare).toMatchObject({ query: undefined, body: undefined, multipart: false });
  });
});
