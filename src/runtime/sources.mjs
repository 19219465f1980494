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

/**
 * The folders whose modules declare page templates and collections. Each is compiled as an entry of
 * its own, so that the generator can import it and tell which module declared what (watch renders
 * again only the pages of a template whose code changed).
 */
export const DECLARING_DIRS = ['templates/pages', 'templates/collections'];

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
  for (const f of sourceFiles(root))
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(root, f)))
      .update('\0');
  try {
    hash.update(readFileSync(path.join(root, 'package-lock.json')));
  } catch {
    // A project without a lock file: its sources alone name its code.
  }
  return hash.digest('hex');
}

/** Each file of code, and the lock file, by its path relative to `root` (with /) → the SHA-256 of its bytes. */
export function sourceHashes(root) {
  const files = [...sourceFiles(root), 'package-lock.json'];
  const hashes = {};
  for (const f of files) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, f));
    } catch {
      continue;
    }
    hashes[f.split(path.sep).join('/')] = createHash('sha256').update(bytes).digest('hex');
  }
  return hashes;
}

/** The TypeScript modules of the folders in DECLARING_DIRS, relative to `root` (with /). */
export function declaringModules(root) {
  return DECLARING_DIRS.flatMap((dir) => {
    let names;
    try {
      names = readdirSync(path.join(root, dir));
    } catch {
      return [];
    }
    return names
      .filter((f) => /\.tsx?$/.test(f))
      .sort()
      .map((f) => `${dir}/${f}`);
  });
}

/** Written into each compilation: the hashes of the sources it was compiled from, and their import graph. */
export const CODE_MAP = 'code.json';

/**
 * The project's modules and what each imports, from an esbuild metafile built with `root` as its
 * working folder: dependencies in node_modules and Node's built-ins are left out (the lock file
 * stands for the first).
 */
export function projectImports(metafile) {
  const own = (file) => !file.startsWith('node_modules/') && !file.includes(':');
  const imports = {};
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (own(file)) imports[file] = input.imports.filter((i) => !i.external && own(i.path)).map((i) => i.path);
  }
  return imports;
}
