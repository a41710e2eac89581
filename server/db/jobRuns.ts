import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './client.js';
import { rowsOf } from './queries.js';

/** The period a moment falls in, of periods everyMs long counted from the epoch. */
const periodOf = (everyMs: number, now = Date.now()) => Math.floor(now / everyMs);

/**
 * Claims one period of a job for this server: true for the first server to claim it, false for
 * every other one and for a period at or before the last one claimed (0217). One atomic upsert:
 * a second server claiming at the same instant waits for the first's row, then finds it taken.
 */
export async function claimPeriod(db: Db, job: string, period: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into job_runs (job, period) values (${job}, ${period})
    on conflict (job) do update set period = excluded.period, started_at = now()
      where job_runs.period < excluded.period
    returning job`);
  return rowsOf(result).length > 0;
}

/**
 * A job every `everyMs` while the app runs, once per period across every server on the database
 * (0217): each server's timer ticks, and the tick that claims the period runs it. `atStart` also
 * ticks once the app is ready; otherwise the first tick is a period after the start, so restarts
 * in a loop do no work. A failed run is logged and left to the next period; closing waits for
 * the run under way.
 */
export function scheduleOnceAcrossServers(
  app: FastifyInstance,
  job: { name: string; everyMs: number; atStart?: boolean; run: () => Promise<unknown> },
) {
  const { db } = app.services.database;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      if (await claimPeriod(db, job.name, periodOf(job.everyMs))) await job.run();
    } catch (err) {
      app.log.error({ err, job: job.name }, `the scheduled job ${job.name} failed`);
    }
  };
  app.addHook('onReady', async () => {
    if (job.atStart) running = tick();
    timer = setInterval(() => void (running = tick()), job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
