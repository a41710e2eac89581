import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { LOGIN_SHELL_SCRIPT } from '../domain/auth/loginShell.js';
import { LANGUAGES, type LanguageCode } from '../domain/common/languages.js';
import { en, type Messages } from '../src/i18n/en.js';
import { fr } from '../src/i18n/fr.js';

/** Each language's core catalogue, for index.html's static sign-in copy (the type asks for every language of the list). */
const SHELL_CATALOGUES: Record<LanguageCode, Messages> = { en, fr };

/** Files worth compressing: text. Images and fonts the build holds are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

/**
 * Writes name.br and name.gz beside every text file under `dir` (the hidden .vite folder aside),
 * where it saves bytes. The server sends them with @fastify/static's preCompressed option, so no
 * byte is compressed per request.
 */
export function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.')) precompress(file);
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
  }
}

/** After `vite build`: the compressed copies of the output (see precompress). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'flock-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: () => precompress(outDir),
  };
}

/**
 * node-polyglot (react-admin's i18n) requires the object.entries polyfill, which brings some
 * 25 kB of shims to the first page; every browser Flock supports has Object.entries.
 */
export function nativeObjectEntries(): Plugin {
  const id = '\0native-object-entries';
  return {
    name: 'flock-native-object-entries',
    enforce: 'pre',
    resolveId: (source) => (source === 'object.entries' ? id : null),
    load: (loaded) => (loaded === id ? 'module.exports = Object.entries;' : null),
  };
}

/** A catalogue's text at a dotted key ('flock.auth.login'), with the product name put in; 'app' is the name. */
function textAt(key: string, appName: string, catalogue: Messages = en): string {
  if (key === 'app') return appName;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`index.html names ${key}, which src/i18n/en.ts does not hold`);
  return value.replace('%{app}', appName);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The static copy's texts in every other language, as a JSON data block the inline script reads
 * (a data block runs nothing, so the Content-Security-Policy has nothing to allow).
 */
function otherLanguages(html: string, appName: string): string {
  const keys = [...new Set([...html.matchAll(/%t:([\w.]+)%/g)].map((m) => m[1]))];
  const texts = Object.fromEntries(
    LANGUAGES.filter(({ code }) => code !== 'en').map(({ code }) => [
      code,
      Object.fromEntries(keys.map((key) => [key, textAt(key, appName, SHELL_CATALOGUES[code])])),
    ]),
  );
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<script type="application/json" id="login-shell-texts">${json}</script>`;
}

/**
 * index.html's static login form (domain/auth/loginShell.ts) takes its texts from src/i18n/en.ts at
 * build time, written `%t:flock.auth.login%`, so they are never copied by hand; each sits in a
 * `data-t` span, and the other languages' texts ride along as a data block, which the inline script
 * puts in when the reader's language is another (docs/decisions/0231). The inline script is
 * written in from the module the server hashes for its CSP.
 */
export function loginShell(): Plugin {
  let appName = 'Flock';
  return {
    name: 'flock-login-shell',
    configResolved: (config) => void (appName = config.env.APP_NAME || appName),
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace('<!--login-shell-script-->', `${otherLanguages(html, appName)}<script>${LOGIN_SHELL_SCRIPT}</script>`)
          .replace(/%t:([\w.]+)%/g, (_, key: string) => `<span data-t="${key}">${escapeHtml(textAt(key, appName))}</span>`)
          // The first paint (the static form, or the loading screen) needs no bundle: the
          // bundles say so, rather than ask for the priority of what blocks rendering.
          .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" '),
    },
  };
}

/**
 * A line every few seconds while `vite build` works, for `npm start`'s first build (minutes on a
 * small machine), which runs Vite quietly and would otherwise print nothing until it is done.
 * `print` is where the lines go; the plugin is on only when npm start asks (FLOCK_BUILD_PROGRESS).
 */
export function buildProgress(print: (line: string) => void, everyMs = 5000): Plugin {
  const started = Date.now();
  let modules = 0;
  let lastLine = started;
  const seconds = () => Math.round((Date.now() - started) / 1000);
  return {
    name: 'flock-build-progress',
    apply: 'build',
    transform() {
      modules++;
      if (Date.now() - lastLine < everyMs) return;
      lastLine = Date.now();
      print(`  ${modules.toLocaleString('en')} files read (${seconds()} s)`);
    },
    renderStart: () => print(`  ${modules.toLocaleString('en')} files read; writing the bundles (${seconds()} s)`),
    writeBundle: () => print(`  bundles written; compressing them (${seconds()} s)`),
    closeBundle: { order: 'post', handler: () => print(`  built in ${seconds()} s`) },
  };
}
