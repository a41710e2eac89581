// `node scripts/importCycles.mjs [folder...]`: finds the import circles among the repository's
// files. Only value imports count: `import type`, imports whose every name is `type`, and dynamic
// `import()` (a lazy edge, loaded later) bind no module at load time, so they close no circle.
// Every strongly connected component of more than one file is printed, with one circle through
// it, and the exit code is 1. The folders (default: all of FOLDERS) choose which circles to report;
// the graph is always read whole, so a circle that leaves a chosen folder is still found.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'server', 'domain', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

// A static import or re-export: its keyword, an optional `type`, the names (comments allowed among
// them), and the specifier.
const FROM = /^[ \t]*(import|export)\s+(type\s+)?((?:[\w$*{},\s]|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*?)\s*from\s*(['"])([^'"\n]+)\4/gm;
const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
// A side-effect import: `import './x'`.
const BARE = /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm;

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/** Whether `{ a, type B }` or `x, { ... }` binds a value: a default, a namespace, or one name not marked `type`. */
function bindsValue(withComments) {
  const names = withComments.replace(COMMENT, ' ');
  const braces = names.match(/\{([^}]*)\}/);
  const outside = names.replace(/\{[^}]*\}/, '').replace(/[,\s]/g, '');
  if (outside) return true;
  if (!braces) return true;
  const specifiers = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return specifiers.length === 0 || specifiers.some((s) => !/^type\s/.test(s));
}

/** The specifiers of a file's static value imports and re-exports. */
function valueSpecifiers(text) {
  const specifiers = [];
  for (const [, , typeOnly, names, , specifier] of text.matchAll(FROM)) {
    if (!typeOnly && bindsValue(names)) specifiers.push(specifier);
  }
  for (const [, , specifier] of text.matchAll(BARE)) specifiers.push(specifier);
  return specifiers;
}

/** The file an '@/' or relative specifier names ('.js' may stand for '.ts'), or null for a package. */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const stems = [base, base.replace(/\.js$/, '')];
  for (const stem of stems) {
    for (const ending of CANDIDATES) {
      const file = stem + ending;
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
    }
  }
  return null;
}

function buildGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const targets = valueSpecifiers(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target) => target && SOURCE.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components, iterative so that deep chains need no deep stack. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const target = edges[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        found.push(component);
      }
    }
  }
  return found;
}

/** The shortest circle from the component's first file back to itself, inside the component. */
function oneCircle(graph, component) {
  const inside = new Set(component);
  const [start] = component;
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const circle = [start];
        for (let at = node; at !== start; at = previous.get(at)) circle.splice(1, 0, at);
        return [...circle, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((folder) => !FOLDERS.includes(folder));
if (unknown.length) {
  console.error(`Unknown folder(s) ${unknown.join(', ')}; choose among ${FOLDERS.join(', ')}`);
  process.exit(2);
}
const reported = chosen.length ? chosen : FOLDERS;
const relative = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const inReported = (file) => reported.some((folder) => relative(file).startsWith(folder + '/'));

const graph = buildGraph(FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))));
const circles = components(graph)
  .filter((component) => component.length > 1 && component.some(inReported))
  .map((component) => component.sort((a, b) => relative(a).localeCompare(relative(b))));

for (const component of circles) {
  console.log(`Import circle of ${component.length} files:`);
  for (const file of component) console.log(`  ${relative(file)}`);
  console.log(`  for example: ${oneCircle(graph, component).map(relative).join(' -> ')}`);
}
console.log(`${circles.length} import circle(s) among ${graph.size} files, in ${reported.join(', ')}`);
process.exitCode = circles.length ? 1 : 0;
