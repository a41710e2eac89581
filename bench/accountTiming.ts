/**
 * `npm run bench -- timing`: whether the time of a sign-in, a sign-up and a reset request tells a
 * stranger which addresses have accounts. Each kind of call is timed against the real server
 * (argon2id at OWASP's cost, so that skipping the hash would show; mail through an SMTP server that takes
 * 600 ms to accept each message), the kinds taking turns round by round. Prints the medians, the
 * comparisons with their limits and the machine's load; exits 1 when a comparison fails. A busy
 * machine blurs these figures, which is why they are measured here and not in the api tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '@/server/app.js';
import { readConfig, type AppConfig } from '@/server/config.js';
import type { Db } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import { openBenchDatabase } from './benchDatabase.js';

const BENCH_ADMIN = 'bench.timing@example.org';
/** The slow mail server's delay before accepting a message, and what a known address may add to a reset request. */
const SMTP_DELAY_MS = 600;
const RESET_MARGIN_MS = 400;

type Check = { name: string; figures: string; ok: boolean };

/**
 * The median time of each kind of call, the kinds taking turns round by round, so that a busy
 * spell of the machine slows every kind alike instead of the one that happened to run then.
 */
async function medianMs<K extends string>(rounds: number, kinds: Record<K, () => Promise<unknown>>): Promise<Record<K, number>> {
  const times = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const kind of Object.keys(kinds) as K[]) {
      const started = performance.now();
      await kinds[kind]();
      times[kind].push(performance.now() - started);
    }
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return Object.fromEntries(Object.entries<number[]>(times).map(([kind, list]) => [kind, median(list)])) as Record<K, number>;
}

const ghost = () => `ghost-${randomUUID().slice(0, 8)}@example.org`;
const ms = (v: number) => `${v.toFixed(0)} ms`;

let nextAddress = 0;

/**
 * Each call comes from an address of its own (X-Forwarded-For, believed through TRUST_PROXY), so
 * the delays after repeated failures from one address (0198) do not answer in the hash's place.
 */
function poster(base: string) {
  return (route: string, body: object) => {
    const address = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': address };
    return fetch(`${base}/api${route}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((res) => res.arrayBuffer());
  };
}

/** An account with no password (made by an administrator, not yet set up), written straight into the table. */
async function accountWithoutPassword(db: Db): Promise<string> {
  const email = `bench.nopass.${randomUUID().slice(0, 8)}@example.org`;
  await db.insert(users).values({ email, firstName: 'Bench', surName: 'Nopass', emailVerified: true, isFirstTimer: false });
  return email;
}

async function loginCheck(post: ReturnType<typeof poster>, db: Db): Promise<Check> {
  const noPassword = await accountWithoutPassword(db);
  const login = (username: string) => post('/Auth/Login', { username, password: 'Wrong-pass-1' });
  const t = await medianMs(7, { unknown: () => login(ghost()), withoutPassword: () => login(noPassword), wrong: () => login(BENCH_ADMIN) });
  return {
    name: 'login: unknown address, account without password, wrong password',
    figures: `${ms(t.unknown)}, ${ms(t.withoutPassword)}, ${ms(t.wrong)}`,
    ok: t.withoutPassword > t.unknown / 2 && t.unknown > t.wrong / 2,
  };
}

async function signUpCheck(post: ReturnType<typeof poster>): Promise<Check> {
  const signUp = (email: string) =>
    post('/UserManagement/SignUpUser', { firstName: 'Ada', surName: 'Obi', email, mobile1: '08012345678', password: 'Sunday-service-9' });
  const t = await medianMs(7, { fresh: () => signUp(ghost()), existing: () => signUp(BENCH_ADMIN) });
  return {
    name: 'sign-up: new address, taken address (within 2x of each other)',
    figures: `${ms(t.fresh)}, ${ms(t.existing)}`,
    ok: t.existing > t.fresh / 2 && t.existing < t.fresh * 2,
  };
}

async function resetCheck(post: ReturnType<typeof poster>): Promise<Check> {
  const ask = (email: string) => post('/Auth/ChangePasswordInitiate', { email });
  const t = await medianMs(3, { unknown: () => ask(ghost()), knownAddress: () => ask(BENCH_ADMIN) });
  return {
    name: `reset request with ${SMTP_DELAY_MS} ms mail: unknown, known address (known < unknown + ${RESET_MARGIN_MS} ms)`,
    figures: `${ms(t.unknown)}, ${ms(t.knownAddress)}`,
    ok: t.knownAddress < t.unknown + RESET_MARGIN_MS,
  };
}

/** An SMTP server that accepts every message SMTP_DELAY_MS after receiving it. */
async function slowSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => setTimeout(done, SMTP_DELAY_MS));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

function print(checks: Check[]) {
  const [one, five, fifteen] = os.loadavg().map((v) => v.toFixed(2));
  console.log(
    `Load average ${one}, ${five}, ${fifteen} on ${os.availableParallelism()} cores (medians; figures blur when the load exceeds the cores)\n`,
  );
  for (const check of checks) console.log(`${check.ok ? 'ok    ' : 'MISSED'}  ${check.name}: ${check.figures}`);
}

export async function benchAccountTiming(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-timing-'));
  const smtp = await slowSmtp();
  const config: AppConfig = {
    ...readConfig(),
    dataDir: tempDir,
    webRoot: undefined,
    logLevel: 'warn',
    // The measured calls all come from one address: the limit per address must not answer them instead.
    authRateLimit: 10_000,
    trustProxy: true,
    smtpUrl: smtp.url,
  };
  const { database } = await openBenchDatabase(config, BENCH_ADMIN, { seedDemo: false });
  const app = await buildApp(config, database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const post = poster(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const checks = [await loginCheck(post, database.db), await signUpCheck(post), await resetCheck(post)];
    print(checks);
    return checks.every((check) => check.ok) ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
    await smtp.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
