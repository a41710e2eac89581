import type { FastifyInstance } from 'fastify';
import { scheduleOnceAcrossServers } from '../db/jobRuns.js';
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
 * asks; with BACKUP_SCHEDULE, a backup every period (the first one period after the start, so
 * restarts in a loop do not fill the disk), written by one server a period however many run on
 * the database (0217). A failed backup is logged and tried again the next period.
 */
export function registerBackups(app: FastifyInstance) {
  const { database, config } = app.services;
  let closeSocket: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    if (database.kind === 'pglite' && database.dataDir) {
      // A folder where the socket cannot be made (a read-only parent) must not stop the server: only `npm run backup` needs it.
      closeSocket = await serveBackups(database, backupSocketOf(database.dataDir)).catch((err) => {
        app.log.warn({ err }, 'the backup socket could not be opened: npm run backup cannot reach this server');
        return undefined;
      });
    }
  });
  app.addHook('onClose', async () => closeSocket?.());
  if (!config.backupEveryMs) return;
  scheduleOnceAcrossServers(app, {
    name: 'backup',
    everyMs: config.backupEveryMs,
    run: async () => app.log.info({ file: await scheduledBackup(app) }, 'scheduled backup written'),
  });
}
