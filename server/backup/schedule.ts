import type { FastifyInstance } from 'fastify';
import { backupDatabase, pruneBackups } from './files.js';
import { backupSocketOf, serveBackups } from './socket.js';

/** A scheduled backup, then the older ones beyond BACKUP_KEEP removed; answers the new file. */
export async function scheduledBackup(app: FastifyInstance): Promise<string> {
  const { backupDir, backupKeep } = app.services.config;
  const file = await backupDatabase(app.services.database, backupDir);
  await pruneBackups(backupDir, backupKeep);
  return file;
}

/**
 * The server's part in backups: on an embedded database on disk, the socket `npm run backup`
 * asks; with BACKUP_SCHEDULE, a backup every period from the start (the first one period after
 * it, so restarts in a loop do not fill the disk). A failed backup is logged and tried again the
 * next period.
 */
export function registerBackups(app: FastifyInstance) {
  const { database, config } = app.services;
  let closeSocket: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    if (database.kind === 'pglite' && database.dataDir) {
      // A folder where the socket cannot be made (a read-only parent) must not stop the server: only `npm run backup` needs it.
      closeSocket = await serveBackups(database, backupSocketOf(database.dataDir)).catch((err) => {
        app.log.warn({ err }, 'the backup socket could not be opened: npm run backup cannot reach this server');
        return undefined;
      });
    }
    if (!config.backupEveryMs) return;
    timer = setInterval(() => {
      running = scheduledBackup(app).then(
        (file) => app.log.info({ file }, 'scheduled backup written'),
        (err) => app.log.error({ err }, 'the scheduled backup failed'),
      );
    }, config.backupEveryMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await closeSocket?.();
  });
}
