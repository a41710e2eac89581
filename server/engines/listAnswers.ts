import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client.js';
import { generation } from '@/server/db/listTotals.js';
import { listAnswerGenerations } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { JsonEnvelope } from '@/server/http/envelope.js';
import { mapsPerDb } from '@/server/keptMaps.js';

/**
 * A list's answer, serialised once per version of what it shows and kept while that version
 * holds (docs/decisions/0241): the version is the sum of list_generations and
 * list_answer_generations, which a statement trigger on every table the answer reads raises in
 * the writing transaction (migrations 0024 and 0049). It is read in one small statement per
 * call, so several servers on one database stay right: a write through any of them moves it.
 */

/** The version of what the member lists show, as text (bigint), read in one statement. */
const versionQuery = (db: Db) =>
  db
    .select({
      v: sql<string>`(${generation} + (select sum(${listAnswerGenerations.n})::bigint from ${listAnswerGenerations}))::text`,
    })
    .from(sql`(select 1) as one`)
    .prepare('list_answer_version');

const versionStatements = new WeakMap<Db, ReturnType<typeof versionQuery>>();

/** The version now (a later snapshot than any answer kept at an earlier one). */
async function versionOf(db: Db): Promise<string> {
  let statement = versionStatements.get(db);
  if (!statement) versionStatements.set(db, (statement = versionQuery(db)));
  const [row] = await statement.execute();
  return row.v;
}

/** Answers kept per process: at most this many, and at most this many bytes in all. */
const MAX_ANSWERS = 500;
const MAX_BYTES = 8 * 1024 * 1024;

type Kept = { body: Buffer; etag: string };
let keeping = true;

/**
 * Whether answers are kept (they are, but for the members benchmark's run that measures every
 * call's own work: bench/members.ts BENCH_LIST_ANSWERS=off). Not kept, each call still reads the
 * version and carries its ETag.
 */
export function keepListAnswers(keep: boolean) {
  keeping = keep;
}
const keptIn = mapsPerDb<Kept>();
const bytesIn = new WeakMap<object, number>();

function keep(db: Db, key: string, kept: Kept) {
  const map = keptIn(db);
  let bytes = bytesIn.get(map) ?? 0;
  const old = map.get(key);
  if (old) {
    bytes -= old.body.length;
    map.delete(key);
  }
  // The least recently used go first (a hit sets its key again, so the Map's order is use).
  while (map.size && (map.size >= MAX_ANSWERS || bytes + kept.body.length > MAX_BYTES)) {
    const [oldest, value] = map.entries().next().value!;
    bytes -= value.body.length;
    map.delete(oldest);
  }
  if (kept.body.length <= MAX_BYTES) {
    map.set(key, kept);
    bytes += kept.body.length;
  }
  bytesIn.set(map, bytes);
}

/**
 * What of the caller shapes a member list's answer: their permissions alone (whether they see
 * those who said no to listing, the custom fields' tier: server/engines/listing.ts,
 * customFieldFilter.ts). Two callers with the same permissions see the same rows and fields;
 * any difference in rights makes another key.
 */
export const permissionScope = (caller: Caller) => [...caller.permissions].sort().join(',');

/** Whether an If-None-Match header names this ETag (a list of them, or *). */
const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

type Exchange = { request: FastifyRequest; reply: FastifyReply };

/**
 * The answer of a list for key (the list's name, the caller's scope, the normalised query) at
 * the version now: a 304 when the client's If-None-Match holds its ETag, the kept bytes when this
 * process serialised it at this version, else made by answer() and kept. Every answer carries
 * its ETag.
 */
export async function keptAnswer(db: Db, key: string, { request, reply }: Exchange, answer: () => Promise<JsonEnvelope>) {
  const version = await versionOf(db);
  const full = `${version}\u0000${key}`;
  const map = keptIn(db);
  let kept = map.get(full);
  const etag = kept?.etag ?? `"${createHash('sha1').update(full).digest('base64url')}"`;
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
  if (kept) {
    // Used: it goes to the back of the line.
    map.delete(full);
    map.set(full, kept);
  } else {
    // Kept under the version read before the answer: its statements see that version or a
    // later one, never an earlier, so what is kept is never older than its key.
    kept = { body: Buffer.from((await answer()).text), etag };
    if (keeping) keep(db, full, kept);
  }
  // The ETag only on an answer: a refused query (a 400) has none.
  return reply.header('etag', etag).type('application/json; charset=utf-8').send(kept.body);
}

/** Forgets every kept answer of a database (the tests compare a kept answer with a fresh one). */
export function forgetAnswers(db: Db) {
  keptIn(db).clear();
  bytesIn.delete(keptIn(db));
}
