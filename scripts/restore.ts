// npm run restore FILE: a backup into an empty DATA_DIR (or, with DATABASE_URL, an empty database).
import { restoreBackup } from '@/server/backup/files.js';
import { readConfig } from '@/server/config.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore FILE (a .tar.gz into an empty DATA_DIR, or a .dump into the empty database DATABASE_URL names)');
  process.exit(2);
}
try {
  const config = readConfig();
  await restoreBackup(file, config);
  console.log(`Restored ${file} into ${config.databaseUrl ? 'the database DATABASE_URL names' : config.dataDir}`);
} catch (err) {
  console.error(`Flock could not restore the backup: ${(err as Error).message}`);
  process.exit(1);
}
