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
 * the writing transaction (migrations 0024 and 0049). It is read from the database on every
 * call (in a small statement of its own, or in the page's: docs/decisions/0248), so several
 * servers on one database stay right: a write through any of them moves it.
 */

/** The version of what the member lists show, as text (bigint), in the snapshot of the statement that selects it. */
export const answerVersion = sql<string>`(${generation} + (select sum(${listAnswerGenerations.n})::bigint from ${listAnswerGenerations}))::text`;

/** The version alone, in one small statement. */
const versionQuery = (db: Db) =>
  db
    .select({ v: answerVersion })
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

/**
 * Where an answer's first statement leaves the version it read in its own snapshot (memberPage's
 * page statement selects answerVersion beside its rows when given one): an answer made with no
 * statement before that one shows exactly that version, so a miss needs no statement of its own
 * for the version (docs/decisions/0248). Left empty when the statement read no row.
 */
export type VersionSlot = { read?: string };

/**
 * The newest version each database was seen at. The version only grows, and a statement that
 * starts after a version was read sees it or a later one, so an answer kept at an older version
 * can never be served again: it is dropped, and its key's next call is a plain miss.
 */
const newestOf = new WeakMap<object, bigint>();

/** Notes a version read; answers whether it is the newest seen (an older one is not worth keeping). */
function seen(db: Db, version: string): boolean {
  const v = BigInt(version);
  const newest = newestOf.get(db);
  if (newest !== undefined && v < newest) return false;
  newestOf.set(db, v);
  return true;
}

/** Answers kept per process: at most this many, and at most this many bytes in all. */
const MAX_ANSWERS = 500;
const MAX_BYTES = 8 * 1024 * 1024;

type Kept = { body: Buffer; etag: string; version: string };
let keeping = true;

/**
 * Whether answers are kept (they are, but for the members benchmark's run that measures every
 * call's own work: bench/members.ts BENCH_LIST_ANSWERS=off). Not kept, each call reads the
 * version in its page's statement and carries its ETag.
 */
export function keepListAnswers(keep: boolean) {
  keeping = keep;
}

/** Per database, by key: the answer made last, under the version it shows. */
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
type Answer = (slot?: VersionSlot) => Promise<JsonEnvelope>;

const etagOf = (version: string, key: string) => `"${createHash('sha1').update(`${version}\u0000${key}`).digest('base64url')}"`;

/** The answer kept for key, unless a newer version has been seen since it was made. */
function liveAnswer(db: Db, key: string): Kept | undefined {
  const map = keptIn(db);
  const kept = map.get(key);
  if (kept && BigInt(kept.version) < (newestOf.get(db) ?? 0n)) {
    map.delete(key);
    bytesIn.set(map, (bytesIn.get(map) ?? 0) - kept.body.length);
    return undefined;
  }
  return kept;
}

/** The answer's bytes under its version, kept when that version is the newest seen. */
function made(db: Db, key: string, version: string, envelope: JsonEnvelope): Kept {
  const kept = { body: Buffer.from(envelope.text), etag: etagOf(version, key), version };
  if (seen(db, version) && keeping) keep(db, key, kept);
  return kept;
}

/** Every answer carries its ETag; a refused query (a 400) has none. */
const send = (reply: FastifyReply, { body, etag }: Kept) => reply.header('etag', etag).type('application/json; charset=utf-8').send(body);

/**
 * The answer of a list for key (the list's name, the caller's scope, the normalised query) at
 * the version now: a 304 when the client's If-None-Match holds its ETag, the kept bytes when this
 * process serialised it at this version, else made by answer() and kept. With nothing kept for
 * the key and no ETag to match, an answer whose first statement reads the version (inFirst) is
 * made at once (one statement for a miss); else the version is read first, in a statement of its
 * own (one statement for a hit).
 */
export async function keptAnswer(db: Db, key: string, { request, reply }: Exchange, answer: Answer, inFirst: boolean) {
  const ifNoneMatch = request.headers['if-none-match'];
  let kept = liveAnswer(db, key);
  if (inFirst && !kept && !ifNoneMatch) {
    const slot: VersionSlot = {};
    const envelope = await answer(slot);
    // No version without a row (a page past the end): then as below, the version first.
    if (slot.read !== undefined) return send(reply, made(db, key, slot.read, envelope));
  }
  const version = await versionOf(db);
  seen(db, version);
  if (kept?.version !== version) kept = undefined;
  const etag = kept?.etag ?? etagOf(version, key);
  if (matches(ifNoneMatch, etag)) return reply.code(304).header('etag', etag).send();
  if (kept) {
    // Used: it goes to the back of the line.
    keptIn(db).delete(key);
    keptIn(db).set(key, kept);
    return send(reply, kept);
  }
  // Kept under the version read before the answer: its statements see that version or a later
  // one, never an earlier, so what is kept is never older than its key.
  return send(reply, made(db, key, version, await answer()));
}

/** Forgets every kept answer of a database (the tests compare a kept answer with a fresh one). */
export function forgetAnswers(db: Db) {
  keptIn(db).clear();
  bytesIn.delete(keptIn(db));
  newestOf.delete(db);
}
