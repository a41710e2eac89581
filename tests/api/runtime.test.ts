import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@/server/db/client.js';
import { DataDirLockedError } from '@/server/db/lock.js';
import { outbox, settings } from '@/server/db/schema/index.js';
import { startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { signUp, signUpBody } from '@/tests/support/users.js';
import { embeddedOnly, freePort, seededDataDir, startProcess, stop, untilListening, type Proc } from '@/tests/support/serverProcess.js';

const tempDirs: string[] = [];
function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

embeddedOnly('embedded database on disk', () => {
  it('keeps its data across a close and a reopen', async () => {
    // PGlite does not create the parent folders of its data dir; the server must.
    const dataDir = path.join(tempDir('flock-data-'), 'nested', 'data');
    const first = await openDatabase({ dataDir });
    try {
      expect(first.kind).toBe('pglite');
      await first.db.insert(settings).values({ key: 'restart-check', value: { written: 'before restart' } });
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'flock.pid'))).toBe(false);

    const second = await openDatabase({ dataDir });
    try {
      const [row] = await second.db.select().from(settings).where(eq(settings.key, 'restart-check'));
      expect(row?.value).toEqual({ written: 'before restart' });
      // and it is locked while open, even against this same process
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use/);
    } finally {
      await second.close();
    }
  });
});

/** Waits until the server says it listens, then reads its health once. */
async function waitForHealth(port: number, proc: Proc) {
  await untilListening(proc.child, () => `${proc.stdout()}${proc.stderr()}`);
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (res.status !== 200) throw new Error(`health answered ${res.status}: ${proc.stderr()}`);
  return res.json();
}

embeddedOnly('server processes on one DATA_DIR', () => {
  it('a second server on the same data directory refuses to start with a clear message', async () => {
    const dataDir = await seededDataDir(tempDir('flock-proc-'));
    const [port1, port2] = [await freePort(), await freePort()];
    const first = startProcess({ DATA_DIR: dataDir, PORT: String(port1) });
    try {
      const health = await waitForHealth(port1, first);
      expect(health).toMatchObject({ succeeded: true, data: { database: 'pglite' } });
      expect(fs.readFileSync(path.join(dataDir, 'flock.pid'), 'utf8').split('\n')[0]).toBe(String(first.child.pid));

      const second = startProcess({ DATA_DIR: dataDir, PORT: String(port2) });
      const timer = setTimeout(() => second.child.kill('SIGKILL'), 30_000);
      const code = await second.exited;
      clearTimeout(timer);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(second.stderr()).toContain(`The data directory ${dataDir} is in use`);
      expect(second.stderr()).toContain(`pid ${first.child.pid}`);
      // the first server and its lock are unharmed
      expect(fs.readFileSync(path.join(dataDir, 'flock.pid'), 'utf8').split('\n')[0]).toBe(String(first.child.pid));
      expect((await fetch(`http://127.0.0.1:${port1}/api/health`)).status).toBe(200);
      await expect(fetch(`http://127.0.0.1:${port2}/api/health`)).rejects.toThrow();
    } finally {
      expect(await stop(first)).toBe(0);
    }
    // a clean stop releases the lock
    expect(fs.existsSync(path.join(dataDir, 'flock.pid'))).toBe(false);
  }, 120_000);
});

describe('mail', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is sent over real SMTP when SMTP_URL is set, with the OTP that verifies the account', async () => {
    const received: Array<{ from?: string; to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as net.AddressInfo).port;
    const mailing = await startSibling(s, { smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const { email } = await signUp(mailing);
      // The mail leaves after the answer: wait for it as the person does.
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
      const [mail] = received;
      expect(mail.to).toEqual([email]);
      expect(mail.from).toMatch(/^no-reply@/);
      expect(mail.raw).toMatch(/^Subject: .*Verify your email address/m);
      const body = mail.raw.replace(/=\r?\n/g, '');
      const otp = /\b(\d{6})\b/.exec(body.slice(body.indexOf('\r\n\r\n')))?.[1];
      expect(otp).toMatch(/^\d{6}$/);
      // sent, not kept in the outbox
      expect(await s.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
      const res = await mailing.call('POST', '/Auth/ValidateEmailComplete', { body: { email, otp } });
      expect(res.status).toBe(200);
    } finally {
      await mailing.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('lands in the outbox table when SMTP_URL is not set', async () => {
    const body = signUpBody();
    const res = await s.call('POST', '/UserManagement/SignUpUser', { body });
    expect(res.status).toBe(200);
    const rows = await s.database.db.select().from(outbox).where(eq(outbox.to, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toContain('Verify your email address');
    expect(rows[0].text).toMatch(/\b\d{6}\b/);
  });
});
