// Compiles the generator (src/) and the templates once per change of their sources with
// esbuild, so every run — and every worker thread — starts from plain JavaScript instead of
// transforming TypeScript on each import. Pure-JavaScript dependencies are bundled in too:
// loading a few large files is several times faster than resolving hundreds of small modules.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ENTRIES, ISLAND_FILE, sourceDigest } from './sources.mjs';

// Left in node_modules: native binaries, packages that read their own files at run time, and
// the S3 client that only `publish` loads.
const EXTERNAL = ['esbuild', 'tailwindcss', '@tailwindcss/*', 'lightningcss', '@aws-sdk/*', 'chokidar'];

function entryPoints(root) {
  const islands = readdirSync(path.join(root, 'templates/islands')).filter((f) => ISLAND_FILE.test(f));
  return [...Object.values(ENTRIES), ...islands.map((f) => `templates/islands/${f}`)].map((f) => path.join(root, f));
}

/** Compiles the current sources of the project at `root` if needed; returns the folder of the compiled modules. */
export async function compileGenerator(root) {
  const base = path.join(root, 'node_modules', '.cache', 'sitegen', 'code');
  // The digest covers this file too: it is one of the sources.
  const dir = path.join(base, sourceDigest(root).slice(0, 16));
  if (existsSync(path.join(dir, 'ready'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  await esbuild.build({
    entryPoints: entryPoints(root),
    outbase: root,
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS (React) requires Node's built-in modules.
    banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    jsx: 'automatic',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Stacks of a crash point at src/ and templates/ lines (bin/sitegen.mjs turns source maps on).
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  await writeFile(path.join(tmp, 'ready'), '');
  await mkdir(base, { recursive: true });
  await rename(tmp, dir).catch(async () => rm(tmp, { recursive: true, force: true }));
  await pruneCompilations(base);
  return dir;
}

/** Keeps the newest few compilations (a running `watch` may still start workers from one) and removes the rest. */
async function pruneCompilations(base, keep = 3) {
  const dirs = readdirSync(base).filter((d) => /^[0-9a-f]{16}$/.test(d));
  const byAge = dirs.map((d) => ({ d, mtime: statSync(path.join(base, d)).mtimeMs })).sort((a, b) => b.mtime - a.mtime);
  await Promise.all(byAge.slice(keep).map(({ d }) => rm(path.join(base, d), { recursive: true, force: true })));
}
