/**
 * Raw SQL's floor (issue 35), measured by native clients in their own processes on the same
 * PostgreSQL, so the figure holds neither Node nor Flock: a bulk write's statement run by psql,
 * and a query under load from pgbench. Each load generator's own CPU time is read beside its
 * figures (bash's `times` of the child it waited for). See bench/README.md.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

/** What a load generator did: its output, and the CPU time (user + system) its process used, in ms. */
export type Loaded = { out: string; cpuMs: number };

/**
 * Runs a command to its end, without blocking this process (the server under load runs here),
 * and answers its standard output and the CPU time it used: bash reports with `times` the time of
 * the children it waited for, last on the output.
 */
export async function runMeasured(command: string, args: string[]): Promise<Loaded> {
  const { stdout } = await promisify(execFile)('bash', ['-c', '"$@"; status=$?; times; exit $status', 'bash', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = stdout.trimEnd().split('\n');
  // The last line is the children's user and system time: "0m1.234s 0m0.056s".
  const [user, system] = lines[lines.length - 1].split(' ').map((t) => {
    const [, m, sec] = /^(\d+)m([\d.]+)s$/.exec(t) ?? ['', '0', '0'];
    return (Number(m) * 60 + Number(sec)) * 1000;
  });
  return { out: lines.slice(0, -2).join('\n'), cpuMs: user + system };
}

/** A run of pgbench: transactions a second, their latency percentiles (ms), and its own CPU time (ms). */
export type PgbenchRun = { tps: number; p50: number; p99: number; transactions: number; cpuMs: number };

/** The p-th percentile of sorted values. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Runs `script` (pgbench's custom script: one transaction) with pgbench, prepared statements,
 * `clients` connections over 2 threads, for `seconds`: its tps as it prints it, and the p50 and
 * p99 of the latencies it logs per transaction (--log: one line per transaction, the latency in
 * microseconds third).
 */
export async function pgbench(url: string, script: string, clients: number, seconds: number): Promise<PgbenchRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pgbench-'));
  try {
    const file = path.join(dir, 'script.sql');
    fs.writeFileSync(file, script);
    const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, '-l'];
    const { out, cpuMs } = await runMeasured('pgbench', [...args, `--log-prefix=${path.join(dir, 'tx')}`, url]);
    const tps = Number(/^tps = ([\d.]+)/m.exec(out)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${out}`);
    const latencies = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('tx.'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return { tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), transactions: latencies.length, cpuMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
