// npm run move-to-postgres -- DATABASE_URL: the embedded database (DATA_DIR) copied into an empty PostgreSQL database.
import { MoveRefusedError, moveToPostgres } from '@/server/backup/moveToPostgres.js';
import { readConfig } from '@/server/config.js';

const databaseUrl = process.argv[2];
if (!databaseUrl) {
  console.error('Usage: npm run move-to-postgres -- postgres://user:password@host:5432/flock (an empty database; DATA_DIR is the source)');
  process.exit(2);
}

/** The URL as given, its password hidden: the terminal (and its scrollback) need not keep it. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '<password>';
    return u.toString();
  } catch {
    return url;
  }
}

try {
  const { dataDir } = readConfig({ ...process.env, DATABASE_URL: '' });
  console.log(`Moving the embedded database in ${dataDir} into ${shown(databaseUrl)}...`);
  const report = await moveToPostgres(dataDir, databaseUrl, (line) => console.log(line));
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Moved ${rows} rows in ${report.tables.length} tables (${report.sequences} sequences set) in ${(report.ms / 1000).toFixed(1)} s; ` +
      'every table has the same row count and content hash on both sides.',
  );
  console.log(`\nTo run Flock on it, set (with the URL's real password) and start as usual:\n\n  DATABASE_URL=${shown(databaseUrl)}\n`);
  console.log(`The embedded database in ${dataDir} is left as it was: keep it until you are happy with the move, then remove it.`);
} catch (err) {
  const refused = err instanceof MoveRefusedError;
  console.error(`Flock did not move the database: ${(err as Error).message}`);
  process.exit(refused ? 3 : 1);
}
