// Loads the generator compiled from its current sources (src/runtime/compile.mjs).
import { readdirSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileGenerator } from '../src/runtime/compile.mjs';
import { ownFolder } from '../src/runtime/ownedPaths.mjs';
import { compiledPath, ENTRIES } from '../src/runtime/sources.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Imports the compiled CLI, telling the runtime where compiled modules live. On Node 22 and later,
 * V8's compilations of its modules are kept beside them (`module.enableCompileCache`) and removed
 * with them: parsing the bundled modules again was a fifth of a short command's time.
 */
export async function loadGenerator() {
  const dir = await compileGenerator(root);
  // Node writes there at exit, through any link: the folder and Node's folder for its version in it are made real ones first.
  const cache = path.join(dir, 'v8');
  ownFolder(cache);
  for (const name of readdirSync(cache)) ownFolder(path.join(cache, name));
  module.enableCompileCache?.(cache);
  globalThis.__sitegenCompiled = { root, dir };
  return import(pathToFileURL(path.join(dir, compiledPath(ENTRIES.cli))).href);
}
