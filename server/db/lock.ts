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

/** Data dirs this process holds: a pid file naming our own pid is ours only if listed here. */
const held = new Set<string>();

/**
 * PGlite has no lock of its own and two processes on one data dir corrupt it, so the server
 * takes an exclusive pid lock file. A lock left by a dead process is taken over.
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
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
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
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isRunning(holder)) {
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
