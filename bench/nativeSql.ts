/**
 * Raw SQL's floor for a bulk write (issue 35): the same statement run by psql, a native client in
 * its own process, on the same PostgreSQL, so the figure holds neither Node nor Flock. See
 * bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * Runs `script` through psql (stopping at the first error) and answers the times psql printed,
 * in ms, for the statements between `\timing on` and `\timing off`.
 */
export function psqlTimes(url: string, script: string): number[] {
  const out = execFileSync('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', '-'], {
    input: script,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return [...out.matchAll(/^Time: ([\d.]+) ms/gm)].map((m) => Number(m[1]));
}

/** The machine's load average over 1, 5 and 15 minutes, printed beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A text as a SQL literal, for the values a benchmark writes into a psql script. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
