// npm run dev: the API server, restarted when its code changes, and Vite's dev server with hot
// reload, which proxies /api to the API server (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = 8080; // the port vite.config.ts proxies /api to
const webPort = Number(process.env.VITE_PORT || 5173);
const host = '127.0.0.1';

const children = [];
let stopping = false;

function start(name, command, args, env = {}) {
  // Each by its own binary, never through npx: stopping npx would leave its child on the port.
  // Each in its own process group, so Ctrl-C in the terminal reaches this script alone and each
  // child gets exactly one SIGTERM from stop(): node --watch passes its signal on to the server,
  // and a server signalled twice (the terminal's SIGINT, then the watcher's) would die before it
  // has closed its database and released the data directory's lock.
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the other one.`);
    stop(code || 1);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (alive.length === 0) process.exit(code);
  let left = alive.length;
  for (const child of alive) {
    child.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
  // A child that ignores SIGTERM is killed after a few seconds.
  setTimeout(() => {
    for (const child of alive) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5000).unref();
}

// node --watch restarts the server when any file it imported changes (server/, domain/).
start('The API server', process.execPath, ['--watch', '--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  PORT: String(apiPort),
  HOST: host,
});
start('Vite', path.join(root, 'node_modules', '.bin', 'vite'), ['--host', host, '--port', String(webPort), '--strictPort']);

console.log(
  `\nFlock development:\n  web app (Vite, hot reload): http://${host}:${webPort}\n  API server (restarts on change): http://${host}:${apiPort}/api\n  Ctrl-C stops both.\n`,
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
