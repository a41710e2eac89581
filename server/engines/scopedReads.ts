import { z, type ZodType } from 'zod';
import { idField } from '@/domain/common/fields.js';
import type { Db } from '@/server/db/client.js';
import type { Access, Caller } from '@/server/http/access.js';
import { ok, type Envelope } from '@/server/http/envelope.js';
import { notFound } from '@/server/http/errors.js';
import { route } from '@/server/http/route.js';

type ScopedReads<Q> = {
  /** The calls' folder as the API contract spells it, e.g. '/Goal'. */
  base: string;
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
      method: 'GET',
      url: `${r.base}/GetAll`,
      tag: r.tag,
      summary: r.summaries.list,
      access: r.access,
      query: r.query,
      handler: ({ query, caller, services }) => r.page(services.database.db, caller!, query),
    }),
    route({
      method: 'GET',
      url: `${r.base}/GetById`,
      tag: r.tag,
      summary: r.summaries.one,
      access: r.access,
      query: z.object({ id: idField() }),
      async handler({ query, caller, services }) {
        const row = await r.one(services.database.db, caller!, query.id);
        if (!row) throw notFound(r.notFound);
        return ok(row);
      },
    }),
  ];
}
