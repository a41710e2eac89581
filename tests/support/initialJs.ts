import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Every chunk a module needs before it runs: itself and its static imports, transitively. */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

/**
 * The JavaScript a visitor's browser loads before the login page shows: index.html's module
 * script with its static imports (the modulepreload links), and the login page's own lazy chunk
 * with its static imports, when it has one (vite.config.ts bundles it with the entry: then the
 * manifest names no chunk of it). Per file of the built web app in `dist`: its gzipped size and its
 * brotli size, as the server sends it to a browser that takes brotli (the build's .br copy).
 */
export function loginPageJs(dist: string) {
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entrySrc = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].file === entrySrc);
  const login = Object.keys(manifest).find((k) => k.endsWith('src/areas/auth/LoginPage.tsx'));
  if (!entry) throw new Error(`the build has no entry (${entrySrc})`);
  const keys = withStaticImports(manifest, entry);
  if (login) withStaticImports(manifest, login, keys);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const files = new Set([...[...keys].map((k) => manifest[k].file), ...preloaded]);
  return [...files].map((file) => {
    const content = fs.readFileSync(path.join(dist, file));
    const br = path.join(dist, `${file}.br`);
    return { file, gzip: gzipSync(content).length, brotli: fs.existsSync(br) ? fs.statSync(br).size : brotliCompressSync(content).length };
  });
}
