// The generator's own layout, in plain JavaScript: bin/generator.mjs reads it before anything is
// compiled, and the TypeScript code reads the same names (sources.d.mts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folders of code: the generator and the site's templates. */
export const SOURCE_DIRS = ['src', 'templates'];

/** Modules that start a program or a thread, and the templates' entry (what esbuild compiles from). */
export const ENTRIES = {
  cli: 'src/cli/main.ts',
  markdownWorker: 'src/pipeline/workers/worker.ts',
  buildWorker: 'src/watch/buildWorker.ts',
  templates: 'templates/index.ts',
};

/** An island is a file templates/islands/{Name}.tsx whose default export is its component. */
export const ISLAND_FILE = /^[A-Z][A-Za-z0-9]*\.tsx$/;

/** Where esbuild writes a source module, relative to the folder of the compiled generator. */
export function compiledPath(source) {
  return source.replace(/\.tsx?$/, '.mjs');
}

/** Every file of code and style under the source folders, relative to `root`, sorted. */
export function sourceFiles(root) {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true })
      .filter((f) => /\.(tsx?|mjs|css)$/.test(f))
      .map((f) => path.join(dir, f)),
  ).sort();
}

/** A hash of the generator's and templates' sources and the locked dependencies: what the code is. */
export function sourceDigest(root) {
  const hash = createHash('sha256');
  for (const f of sourceFiles(root)) hash.update(f).update('\0').update(readFileSync(path.join(root, f))).update('\0');
  try {
    hash.update(readFileSync(path.join(root, 'package-lock.json')));
  } catch {
    // A project without a lock file: its sources alone name its code.
  }
  return hash.digest('hex');
}
