// npm start: builds the web app when its sources are newer than the build, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'domain', 'public', 'index.html', 'vite.config.ts', 'scripts/buildPlugins.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function needsBuild() {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

if (needsBuild()) {
  console.log('Building the web app (once, and after an update; a few minutes on a small machine)...');
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const env = { ...process.env, FLOCK_BUILD_PROGRESS: '1' };
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The IPC channel is the server's lifeline: if this process ends without passing a signal on
// (killed outright), the channel closes and the server stops too.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
