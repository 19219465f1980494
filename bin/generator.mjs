// Loads the generator compiled from its current sources (src/runtime/compile.mjs).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileGenerator } from '../src/runtime/compile.mjs';
import { compiledPath, ENTRIES } from '../src/runtime/sources.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** Imports the compiled CLI, telling the runtime where compiled modules live. */
export async function loadGenerator() {
  const dir = await compileGenerator(root);
  globalThis.__sitegenCompiled = { root, dir };
  return import(pathToFileURL(path.join(dir, compiledPath(ENTRIES.cli))).href);
}
