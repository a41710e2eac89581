import { buildApp } from './app.js';
import { readConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { scheduleMaintenance } from './db/maintenance.js';
import { seedDatabase } from './seed/index.js';
import { gracefulStop } from './shutdown.js';
import { checkDatabaseUrl, startupMessage } from './startupErrors.js';

/** Reads the environment, opens and migrates the database, seeds, and listens. */
async function main(config: AppConfig) {
  checkDatabaseUrl(config.databaseUrl);
  const database = await openDatabase(config);
  const seeded = await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    demoPassword: config.demoPassword,
    embedded: database.kind === 'pglite',
    passwordCost: config.passwordCost,
  });
  const app = await buildApp(config, database);
  scheduleMaintenance(app);
  const stop = gracefulStop(app, () => database.close());
  const shutdown = () =>
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error(`Flock did not stop cleanly: ${String(err?.message ?? err)}`);
        process.exit(1);
      },
    );
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Started by scripts/start.mjs (npm start): its end, however it came, ends the server too.
  if (process.channel) process.once('disconnect', shutdown);
  await app.listen({ port: config.port, host: config.host });

  const lines = [`${config.appName} is running at http://${config.host}:${config.port} (database: ${database.kind})`];
  const { admin, demo } = seeded.unused;
  if (seeded.admin.created || admin) lines.push(`Administrator: ${admin?.email ?? seeded.admin.email}`);
  if (admin) lines.push(`Administrator password (shown until first sign-in): ${admin.password}`);
  if (seeded.demo?.created || demo) {
    lines.push('Demo accounts: member@, hod@, inspectorate@, cihpastor@, cihcoordinator@, firsttimer@example.org');
  }
  if (demo) lines.push(`Demo password (shown until first sign-in): ${demo.password}`);
  console.log(`\n${lines.join('\n')}\n`);
}

const config = readConfig();
main(config).catch((err) => {
  console.error(`Flock cannot start: ${startupMessage(err, config)}`);
  process.exit(1);
});
