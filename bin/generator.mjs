// Compiles the generator (src/) and the templates once per change of their sources with
// esbuild, so every run — and every worker thread — starts from plain JavaScript instead of
// transforming TypeScript on each import. Pure-JavaScript dependencies are bundled in too:
// loading a few large files is several times faster than resolving hundreds of small modules.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'templates'];
// Left in node_modules: native binaries, packages that read their own files at run time, and
// the S3 client that only `publish` loads.
const EXTERNAL = ['esbuild', 'tailwindcss', '@tailwindcss/*', 'lightningcss', '@aws-sdk/*', 'chokidar'];

function sourceFiles() {
  return SOURCES.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true })
      .filter((f) => /\.(tsx?|mjs)$/.test(f))
      .map((f) => path.join(dir, f)),
  ).sort();
}

function entryPoints(files) {
  const entries = ['src/cli/main.ts', 'src/build/markdownWorkerMain.ts', 'src/watch/buildWorkerMain.ts', 'templates/index.ts'];
  for (const f of files) if (/^templates\/islands\/[A-Z][A-Za-z0-9]*\.tsx$/.test(f)) entries.push(f);
  return entries.map((f) => path.join(root, f));
}

/** Compiles the current sources if needed; returns the folder of the compiled modules. */
export async function compileGenerator() {
  const files = sourceFiles();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update('\0').update(readFileSync(path.join(root, f)));
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  // This file decides how the code is compiled.
  hash.update(readFileSync(new URL(import.meta.url)));
  const base = path.join(root, 'node_modules', '.cache', 'sitegen', 'code');
  const dir = path.join(base, hash.digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, 'ready'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  await esbuild.build({
    entryPoints: entryPoints(files),
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

/** Imports the compiled CLI, telling the runtime where compiled modules live. */
export async function loadGenerator() {
  const dir = await compileGenerator();
  globalThis.__sitegenCompiled = { root, dir };
  return import(pathToFileURL(path.join(dir, 'src/cli/main.mjs')).href);
}
