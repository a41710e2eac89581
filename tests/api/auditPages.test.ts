import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { rowsOf } from '@/server/db/queries.js';
import { pageQuery, whereOf, type AuditFilters } from '@/server/modules/auditTrail/query.js';
import { biodata, users } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { startServer } from '@/tests/support/server.js';
import { addPerson } from '@/tests/support/people.js';

/**
 * GetAllAudit's pages against a reference query written here in plain SQL, as the list read them
 * before its names were joined for the page's rows only (docs/decisions/0225): the filtered rows
 * in (created_at, id) order, every name and email a subquery in the select list, the page by
 * LIMIT and OFFSET. Every filter and both sorts, every page by PageNumber, and the walk by cursor.
 */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;
const reviewer = await userWith(s, [P.viewAudit]);

// Names that differ between sign-up (users) and profile (biodata): the profile's win.
const profiled = await addPerson(s, { firstName: 'Signup', surName: 'Olawale-Pages', middleName: 'Mid' });
await db.update(biodata).set({ firstName: 'Profiled', middleName: '' }).where(eq(biodata.userId, profiled));
const bare = randomUUID();
await db
  .insert(users)
  .values({ id: bare, email: `bare-${bare.slice(0, 8)}@example.org`, firstName: 'Bare', middleName: 'Nobio', surName: 'Pagesman' });
const member = await addPerson(s, { firstName: 'Kemi', surName: 'Subjectson-Pages' });
const other = await addPerson(s, { firstName: 'Ife', surName: 'Otherly-Pages' });

const ACTORS = [profiled, bare, null, member];
const SUBJECTS = [member, null, other, profiled];
const NAMES: Array<[string, string] | null> = [
  ['after', 'name'],
  ['before', 'zoneName'],
  ['after', 'departmentName'],
  null,
  ['before', 'fileName'],
];

/**
 * Forty-two rows over two days at microsecond times, three sharing each time from row 30 on (the
 * id breaks the tie), with every kind of actor, subject and record name.
 */
const START = Date.parse('2024-05-01T00:00:00Z');
const rows = Array.from({ length: 42 }, (_, i) => {
  const named = NAMES[i % NAMES.length];
  const micros = i < 30 ? i * 3_600_000_000 + 123_457 * (i + 1) : 30 * 3_600_000_000 + Math.floor((i - 30) / 3) * 1_000_001;
  return {
    actorId: ACTORS[i % ACTORS.length],
    action: ['update', 'create', 'delete', 'login'][i % 4],
    entity: ['biodata', 'zone', 'department', 'user'][i % 4],
    entityId: `pg-${i % 6}`,
    subjectId: SUBJECTS[i % SUBJECTS.length],
    outcome: ['success', 'success', 'refused', 'failedLogin'][i % 4],
    ip: `10.88.0.${i % 3}`,
    before: named?.[0] === 'before' ? { [named[1]]: `Record ${i}` } : { mobile2: `080${i}` },
    after: named?.[0] === 'after' ? { [named[1]]: `Record ${i}` } : null,
    at: `${new Date(START + Math.floor(micros / 1000)).toISOString().slice(0, 19)}.${String(micros % 1_000_000).padStart(6, '0')}Z`,
  };
});
await db.execute(
  sql`insert into audit_logs (actor_id, action, entity, entity_id, subject_id, outcome, before, after, ip, created_at) values ${sql.join(
    rows.map(
      (r) =>
        sql`(${r.actorId}::uuid, ${r.action}, ${r.entity}, ${r.entityId}, ${r.subjectId}::uuid, ${r.outcome}, ${JSON.stringify(r.before)}::jsonb, ${r.after === null ? null : JSON.stringify(r.after)}::jsonb, ${r.ip}, ${r.at}::timestamptz)`,
    ),
    sql`, `,
  )}`,
);

/** A person's name as the list shows it: the profile's names over sign-up's, a blank middle name left out. */
const nameOf = (column: string) =>
  sql.raw(`(select concat_ws(' ', coalesce(b.first_name, u.first_name), nullif(coalesce(nullif(b.middle_name, ''), u.middle_name), ''),
    coalesce(b.sur_name, u.sur_name)) from users u left join biodata b on b.user_id = u.id where u.id = a.${column})`);
const RECORD_NAME = sql.raw(
  `coalesce(${['name', 'departmentName', 'zoneName', 'centerName', 'affinityGroupName', 'fileName'].map((k) => `a.after->>'${k}', a.before->>'${k}'`).join(', ')})`,
);
/** Users whose name or email holds the text, as the Actor and Subject searches find them. */
const usersHolding = (term: string) => {
  const like = `%${term}%`;
  return sql`(select u.id from users u left join biodata b on b.user_id = u.id where u.email ilike ${like} or u.first_name ilike ${like}
    or u.sur_name ilike ${like} or concat_ws(' ', coalesce(b.first_name, u.first_name), coalesce(b.sur_name, u.sur_name)) ilike ${like})`;
};

type Row = Record<string, unknown>;

/** The reference: one page of the filtered trail, names in the select list, by offset. */
async function reference(where: SQL, order: 'asc' | 'desc', limit: number, offset: number): Promise<Row[]> {
  const dir = sql.raw(order);
  const found = rowsOf<Row & { t: string }>(
    await db.execute(sql`select a.id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t,
      a.actor_id, ${nameOf('actor_id')} as actor_name, (select u.email from users u where u.id = a.actor_id) as actor_email,
      a.action, a.entity, a.entity_id, ${RECORD_NAME} as entity_name, a.subject_id, ${nameOf('subject_id')} as subject_name, a.outcome, a.ip
      from audit_logs a where ${where} order by a.created_at ${dir}, a.id ${dir} limit ${limit} offset ${offset}`),
  );
  return found.map((r) => ({
    id: r.id,
    createdAt: `${r.t.slice(0, 23)}Z`,
    cursor: Buffer.from(`${r.t}|${r.id}`).toString('base64url'),
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorEmail: r.actor_email,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    entityName: r.entity_name,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    outcome: r.outcome,
    ip: r.ip,
  }));
}

const list = async (query: Record<string, string | number>) => {
  const res = await s.call('GET', `/AuditTrail/GetAllAudit?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    token: reviewer.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Row[]; totalCount?: number; nextCursor?: string };
};

const hour = (h: number) => new Date(START + h * 3_600_000).toISOString();

/** Every filter the list allows, alone and together, each with the same set in SQL. */
const CASES: Array<[string, Record<string, string>, SQL]> = [
  ['no filter', {}, sql`true`],
  ['ActorId', { ActorId: profiled }, sql`a.actor_id = ${profiled}`],
  ['Actor (a name)', { Actor: 'pagesman' }, sql`a.actor_id in ${usersHolding('pagesman')}`],
  ['Actor (profile name)', { Actor: 'Profiled Olawale' }, sql`a.actor_id in ${usersHolding('Profiled Olawale')}`],
  ['Action', { Action: 'update' }, sql`a.action = 'update'`],
  ['EntityType', { EntityType: 'zone' }, sql`a.entity = 'zone'`],
  ['EntityId', { EntityId: 'pg-2' }, sql`a.entity_id = 'pg-2'`],
  ['SubjectId', { SubjectId: member }, sql`a.subject_id = ${member}`],
  ['Subject (a name)', { Subject: 'pages' }, sql`a.subject_id in ${usersHolding('pages')}`],
  ['Outcome', { Outcome: 'refused' }, sql`a.outcome = 'refused'`],
  ['Ip', { Ip: '10.88.0.1' }, sql`a.ip = '10.88.0.1'`],
  ['From', { From: hour(20) }, sql`a.created_at >= ${hour(20)}::timestamptz`],
  ['To (a date: through its end)', { To: '2024-05-01' }, sql`a.created_at <= '2024-05-01T23:59:59.999Z'::timestamptz`],
  ['From and To', { From: hour(5), To: hour(29) }, sql`a.created_at between ${hour(5)}::timestamptz and ${hour(29)}::timestamptz`],
  [
    'ActorId, Outcome and From together',
    { ActorId: bare, Outcome: 'success', From: hour(3) },
    sql`a.actor_id = ${bare} and a.outcome = 'success' and a.created_at >= ${hour(3)}::timestamptz`,
  ],
];

const PAGE_SIZE = 4;

describe.each(CASES)('GetAllAudit %s', (_name, filter, where) => {
  it.each(['desc', 'asc'] as const)('answers every page by PageNumber as the reference does (%s)', async (order) => {
    const total = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_logs a where ${where}`))[0].n);
    expect(total).toBeGreaterThan(0);
    for (let page = 1; page <= Math.ceil(total / PAGE_SIZE) + 1; page++) {
      const got = await list({ ...filter, SortOrder: order, PageSize: PAGE_SIZE, PageNumber: page });
      expect(got.data, `page ${page}`).toEqual(await reference(where, order, PAGE_SIZE, (page - 1) * PAGE_SIZE));
      expect(got.totalCount).toBe(total);
    }
  });

  it.each(['desc', 'asc'] as const)('walks by cursor through the reference’s rows (%s)', async (order) => {
    const walked: Row[] = [];
    let cursor: string | undefined;
    do {
      const got = await list({ ...filter, SortOrder: order, PageSize: PAGE_SIZE, ...(cursor ? { Cursor: cursor } : {}) });
      walked.push(...got.data);
      cursor = got.nextCursor;
    } while (cursor);
    expect(walked).toEqual(await reference(where, order, 10_000, 0));
  });
});

describe('a page that skips rows', () => {
  /** The plan of page 3 (an offset), with sequential scans priced out so a small table shows the indexes a large one uses. */
  async function planOf(filters: AuditFilters, order: 'asc' | 'desc') {
    const query = pageQuery(db, whereOf(filters), { order, limit: PAGE_SIZE, offset: 2 * PAGE_SIZE });
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query.getSQL()}`);
      return rowsOf<Record<string, string>>(result)
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
  }

  it.each<[string, AuditFilters, string]>([
    ['no filter', {}, 'audit_logs_time_idx'],
    ['an actor', { actorId: profiled }, 'audit_logs_actor_idx'],
    ['an entity type', { entityType: 'zone' }, 'audit_logs_entity_idx'],
  ])('%s: skips in the index, reads each page row by its id, sorts nothing', async (_name, filters, index) => {
    for (const order of ['desc', 'asc'] as const) {
      const plan = await planOf(filters, order);
      expect(plan).toContain(index);
      expect(plan).toContain('audit_logs_pkey');
      expect(plan).toMatch(/Nested Loop/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});
