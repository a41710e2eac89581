import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** A database of its own on the TEST_DATABASE_URL server, for a server process; drop() removes it. */
export async function scratchDatabase(
  baseUrl: string,
): Promise<{ url: string; name: string; admin: import('pg').Client; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `flock_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Ends every connection to this one database (never another helper's or test's). */
export async function terminateBackends(admin: import('pg').Client, database: string): Promise<number> {
  const { rows } = await admin.query(
    'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.length;
}

/** A TCP proxy in front of PostgreSQL that can drop every connection and refuse new ones for a while. */
export async function dropProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (down) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => {});
    const pair = [client, upstream];
    for (const s of pair) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** The outage begins: every connection is cut and new ones are refused until restore(). */
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    /** The network is back: new connections reach the database again. */
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Steady reads from a few clients at once; each answer's status is kept in order (0: no answer at all). */
export function readLoad(url: string, token: string, clients = 3) {
  const statuses: number[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const status = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      statuses.push(status);
    }
  });
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
