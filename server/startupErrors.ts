import type { AppConfig } from './config.js';
import { isDiskFull } from './db/connectionErrors.js';
import { DataDirLockedError } from './db/lock.js';

/** Why the server cannot start, said so an operator can act on it; thrown before anything opens. */
class StartupError extends Error {}

/** DATABASE_URL must be a postgres:// URL; anything else is refused before it is tried. */
export function checkDatabaseUrl(url: string | undefined) {
  if (url === undefined) return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    /* reported below */
  }
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol)) {
    throw new StartupError('DATABASE_URL is not a URL of the form postgres://user:password@host:5432/database.');
  }
}

type Cause = { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Every error in err's chain (drizzle and net wrap the one that tells the cause). */
function chainOf(err: unknown): Cause[] {
  const all: Cause[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 6) return;
    const c = e as Cause;
    all.push(c);
    if (Array.isArray(c.errors)) c.errors.forEach((x) => visit(x, depth + 1));
    visit(c.cause, depth + 1);
  };
  visit(err, 0);
  return all;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
};

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}`;
}

/** The one line an operator reads when the start fails: the cause first, then what to do. */
export function startupMessage(err: unknown, config: AppConfig): string {
  if (err instanceof StartupError || err instanceof DataDirLockedError) return err.message;
  const chain = chainOf(err);
  const codes = chain.map((c) => String(c.code ?? ''));
  const messages = chain.map((c) => String(c.message ?? ''));
  if (isDiskFull(err)) {
    return config.databaseUrl
      ? `No space left on device on the PostgreSQL server at ${where(config.databaseUrl)}.`
      : `No space left on device in DATA_DIR (${config.dataDir}): free some space and start again.`;
  }
  if (codes.includes('EADDRINUSE')) {
    return `Port ${config.port} on ${config.host} is already in use: stop what uses it, or set PORT to another port.`;
  }
  if (codes.includes('EACCES') && messages.some((m) => /listen/.test(m))) {
    return `Port ${config.port} needs privileges this process does not have: set PORT to a port above 1023.`;
  }
  if (config.databaseUrl) {
    const reason =
      codes.map((c) => REASONS[c]).find(Boolean) ??
      (messages.some((m) => /timeout exceeded when trying to connect/.test(m)) && REASONS.ETIMEDOUT);
    if (reason) return `Cannot reach PostgreSQL at ${where(config.databaseUrl)}: ${reason}.`;
    const refusal = chain.find((c) => ['28P01', '28000', '3D000'].includes(String(c.code)));
    if (refusal) return `PostgreSQL at ${where(config.databaseUrl)} refused the connection: ${String(refusal.message)}.`;
  }
  // Only messages: a failed query's full text would print its parameters, password hashes included.
  const first = String((err as Cause)?.message ?? err)
    .split('\n')[0]
    .slice(0, 300);
  const cause = messages.slice(1).find(Boolean);
  return cause ? `${cause} (${first})` : first;
}
