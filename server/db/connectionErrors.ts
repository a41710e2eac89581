/**
 * SQLSTATEs of a connection PostgreSQL ended or refused: class 08, and the shutdown family. Not
 * 08P01, protocol_violation: the statement sent was malformed (PGlite answers so to a bind with
 * more values than placeholders), which is the query's fault, not the connection's.
 */
const PG_CODES = /^(08(?!P01)...|57P0[1-3]|53300)$/;
/** Socket errors of a database that is away or out of reach. */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports a lost or timed-out connection by message only; a closed pool or PGlite is away too. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection closed|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * True when err (or what it wraps: drizzle puts the driver's error in cause) says the database
 * connection was lost or could not be made, not that the query itself was wrong.
 */
export function isConnectionError(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && (PG_CODES.test(e.code) || NODE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && PG_MESSAGES.test(e.message) && !('query' in e)) return true;
    // net's happy-eyeballs connect gives an AggregateError of the per-address failures.
    if (Array.isArray(e.errors) && e.errors.some(isConnectionError)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * True when err (or what it wraps) is a full disk: PostgreSQL's disk_full (53100), a node ENOSPC,
 * or PGlite's file system's ENOSPC (its WASI errno 51).
 */
export function isDiskFull(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '53100' || e.code === 'ENOSPC' || (e.name === 'ErrnoError' && e.errno === 51)) return true;
    if (typeof e.message === 'string' && /no space left on device/i.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
