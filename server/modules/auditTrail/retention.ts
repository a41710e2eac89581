import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/client.js';
import { scheduleOnceAcrossServers } from '@/server/db/jobRuns.js';
import { rowsOf } from '@/server/db/queries.js';
import { forgetSettledCounts } from './query.js';

/** Rows moved per transaction: short ones, so calls in between are never held up for long (PGlite has one connection). */
const BATCH = 5000;
const DAY_MS = 86_400_000;

const COLUMNS = sql.raw('id, actor_id, action, entity, entity_id, subject_id, outcome, before, after, ip, created_at');

/**
 * Moves the rows older than `days` from audit_logs to audit_logs_archive, a batch per
 * transaction, and answers how many moved. Each transaction declares its cut-off
 * (flock.audit_retention_before), the one DELETE the append-only trigger lets through, and only
 * for rows older than it.
 */
export async function moveExpiredAuditRows(db: Db, days: number, now = new Date(), batch = BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  let moved = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('flock.audit_retention_before', ${cutoff}, true)`);
      const result = await tx.execute(sql`
        with old as (
          delete from audit_logs where id in (
            select id from audit_logs where created_at < ${cutoff}::timestamptz order by created_at, id limit ${batch})
          returning ${COLUMNS}),
        kept as (insert into audit_logs_archive (${COLUMNS}) select ${COLUMNS} from old returning 1)
        select count(*)::int as n from kept`);
      return Number(rowsOf<{ n: number }>(result)[0].n);
    });
    moved += n;
    if (n > 0) forgetSettledCounts(db);
    if (n < batch) return moved;
    // Let waiting calls run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * AUDIT_RETENTION_DAYS: when set, expired rows are moved out once the server is ready and then
 * daily, by one server a day however many run (0217). A failed run is logged and tried again the
 * next day.
 */
export function scheduleAuditRetention(app: FastifyInstance) {
  const days = app.services.config.auditRetentionDays;
  if (!days) return;
  scheduleOnceAcrossServers(app, {
    name: 'audit-retention',
    everyMs: DAY_MS,
    atStart: true,
    async run() {
      const moved = await moveExpiredAuditRows(app.services.database.db, days);
      if (moved > 0) app.log.info({ moved, days }, 'audit rows past the retention period moved to audit_logs_archive');
    },
  });
}
