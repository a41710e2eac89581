// `npm run lint`: oxlint, Prettier's check, knip and the import-circle check side by side, Prettier
// and knip keeping a cache under node_modules/.cache so that a second run reads only the files
// changed since. A first run (a fresh checkout, as in CI) is bound by Prettier, which formats in
// workers on every core with its new command line; oxlint reads every file in under a second
// (docs/decisions/0260).
import { spawn } from 'node:child_process';

const CHECKS = [
  ['oxlint', 'npx', ['oxlint', '--deny-warnings']],
  ['Prettier', 'npx', ['prettier', '--experimental-cli', '--check', '.', '--log-level', 'warn']],
  ['knip', 'node', ['tools/lint/node_modules/knip/bin/knip.js', '--cache']],
  // Every top folder: no value import may close a circle (type-only and lazy imports aside).
  ['Import circles', 'node', ['scripts/importCycles.mjs']],
];

/** Runs one check with its output held back, so that the outputs do not interleave. */
function run([name, command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, code, output }));
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const { name, code, output } of results) {
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
