import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process of that pid started (clock ticks since boot, Linux /proc), or undefined where
 * there is no /proc. A pid is reused (after a container restart the new pid 1 is anything);
 * a pid with its start time names one process only.
 */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may hold spaces: the fields after it are counted from ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * True when the lock file's holder is still the process that wrote it: its pid runs and, where
 * the system tells process start times, that pid started when the holder did.
 */
function holderAlive(holder: { pid: number; startedAt?: string }): boolean {
  if (!holder.pid || holder.pid === process.pid || !isRunning(holder.pid)) return false;
  const now = startTimeOf(holder.pid);
  if (now === undefined) return true;
  // An older lock file has no start time: its holder must at least be a node process.
  if (!holder.startedAt) return /node/.test(fs.readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8'));
  return now === holder.startedAt;
}

/** Data dirs this process holds: a pid file naming our own pid is ours only if listed here. */
const held = new Set<string>();

/**
 * PGlite has no lock of its own and two processes on one data dir corrupt it, so the server
 * takes an exclusive pid lock file. A lock left by a process that has ended is taken over, even
 * when its pid now belongs to another process.
 * Returns the function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  if (held.has(dir)) {
    throw new DataDirLockedError(`The data directory ${dir} is in use: this process has already opened it.`);
  }
  const file = path.join(dir, 'flock.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // pid, then its start time: see holderAlive
      fs.writeFileSync(file, `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`, { flag: 'wx' });
      let released = false;
      held.add(dir);
      const release = () => {
        if (released) return;
        released = true;
        held.delete(dir);
        fs.rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pid, startedAt] = fs.readFileSync(file, 'utf8').split('\n');
      const holder = Number(pid);
      if (holderAlive({ pid: holder, startedAt })) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Flock server (pid ${holder}). ` +
            'Stop that server first, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
