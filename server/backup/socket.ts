import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '@/server/db/client.js';

/*
 * PGlite has one process: while the server runs, nobody else may open its data dir (lock.ts).
 * So `npm run backup` asks the running server for the backup over a Unix socket beside the data
 * dir (inside it, PGlite's tarball would try to read the socket). Only the server's own user can
 * open it (mode 0600): whoever can, can read the data dir's files anyway.
 */

/** The socket of the server that holds dataDir: a hidden file beside it. */
export function backupSocketOf(dataDir: string): string {
  const dir = path.resolve(dataDir);
  return path.join(path.dirname(dir), `.${path.basename(dir)}.backup.sock`);
}

/** Answers each connection with a status line (JSON) and then the backup's bytes. */
export async function serveBackups(database: Database, socketPath: string): Promise<() => Promise<void>> {
  // A socket file left by a server that ended without closing: the data dir's lock is ours now.
  await fs.promises.rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    database.backup!().then(
      async (blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
        socket.end(bytes);
      },
      (err: Error) => socket.end(`${JSON.stringify({ ok: false, error: err.message })}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.promises.chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        fs.rmSync(socketPath, { force: true });
        resolve();
      }),
    );
}

/** No server answers on the socket: the caller may open the data dir itself. */
export class NoServerError extends Error {}

/** Asks the server holding dataDir for a backup; NoServerError when none listens. */
export function fetchBackup(dataDir: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(backupSocketOf(dataDir));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? new NoServerError(err.message) : err),
    );
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      if (newline < 0) return reject(new Error('The server closed the backup connection without an answer.'));
      const status = JSON.parse(all.subarray(0, newline).toString('utf8')) as { ok: boolean; bytes?: number; error?: string };
      const body = all.subarray(newline + 1);
      if (!status.ok) return reject(new Error(`The server could not take the backup: ${status.error}`));
      if (body.length !== status.bytes) return reject(new Error(`The backup was cut short (${body.length} of ${status.bytes} bytes).`));
      resolve(new Uint8Array(body));
    });
  });
}
