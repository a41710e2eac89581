// npm run backup: one backup into BACKUP_DIR, whether or not the server is running.
import fs from 'node:fs';
import path from 'node:path';
import { backupDatabase, backupPostgres, saveBackup } from '@/server/backup/files.js';
import { fetchBackup, NoServerError } from '@/server/backup/socket.js';
import { readConfig } from '@/server/config.js';
import { openDatabase } from '@/server/db/client.js';

/** The running server's backup over its socket; with no server running, the data dir opened here. */
async function backupEmbedded(dataDir: string, backupDir: string): Promise<string> {
  try {
    const bytes = await fetchBackup(dataDir);
    return await saveBackup(backupDir, 'pglite', (file) => fs.promises.writeFile(file, bytes));
  } catch (err) {
    if (!(err instanceof NoServerError)) throw err;
  }
  // Opening an empty folder would create a database: a backup of nothing is no backup.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`There is no database in DATA_DIR ${dataDir}.`);
  const database = await openDatabase({ dataDir });
  try {
    return await backupDatabase(database, backupDir);
  } finally {
    await database.close();
  }
}

try {
  const config = readConfig();
  const file = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, config.backupDir)
    : await backupEmbedded(config.dataDir, config.backupDir);
  console.log(`Backup written: ${file}`);
} catch (err) {
  console.error(`Flock could not take the backup: ${(err as Error).message}`);
  process.exit(1);
}
