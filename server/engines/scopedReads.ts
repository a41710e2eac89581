import type { ZodType } from 'zod';
import type { AnyCall, Call } from '@/domain/common/calls.js';
import type { idQuery } from '@/domain/common/fields.js';
import type { Db } from '@/server/db/client.js';
import type { Access, Caller } from '@/server/http/access.js';
import { ok, type Envelope } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { route } from '@/server/http/route.js';

type ScopedReads<Q> = {
  /** GetAll, whose query is the list's (`query` below), and GetById, which takes ?id. */
  calls: { list: AnyCall; one: Call<'GET', string, typeof idQuery> };
  tag: string;
  access: Access;
  summaries: { list: string; one: string };
  query: ZodType<Q>;
  page(db: Db, caller: Caller, query: Q): Promise<Envelope>;
  /** The record as the caller may see it; undefined when it does not exist or is out of their reach. */
  one(db: Db, caller: Caller, id: string): Promise<unknown>;
  notFound: string;
};

/**
 * GetAll and GetById of records whose reads the caller's own scope limits (goals, meetings,
 * appointments): the list holds only what the caller reaches, and a record out of reach is not
 * found, so its existence is not told.
 */
export function scopedReads<Q>(r: ScopedReads<Q>) {
  return [
    route({
      call: r.calls.list,
      tag: r.tag,
      summary: r.summaries.list,
      access: r.access,
      query: r.query,
      handler: ({ query, caller, services }) => r.page(services.database.db, caller!, query),
    }),
    route({
      call: r.calls.one,
      tag: r.tag,
      summary: r.summaries.one,
      access: r.access,
      async handler({ query, caller, services }) {
        const row = await r.one(services.database.db, caller!, query.id);
        if (!row) throw notFound(r.notFound);
        return ok(row);
      },
    }),
  ];
}
