import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once a server started by its own binary says it is listening (server/main.ts prints
 * 'is running at' after listen), without polling; fails when it exits first or stays silent.
 */
export function untilListening(child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onData = () => {
      if (/is running at http/.test(output())) done();
    };
    const onExit = (code: number | null) => done(new Error(`the server exited early (${code}):\n${output()}`));
    const timer = setTimeout(() => done(new Error(`the server did not start within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
    onData();
  });
}
