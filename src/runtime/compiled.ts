import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the compiled generator lives (set by bin/generator.mjs); absent when running the sources under tsx (tests). */
export interface Compiled {
  root: string;
  dir: string;
}

export function compiled(): Compiled | undefined {
  return (globalThis as { __sitegenCompiled?: Compiled }).__sitegenCompiled;
}

export function setCompiled(value: Compiled | undefined): void {
  if (value) (globalThis as { __sitegenCompiled?: Compiled }).__sitegenCompiled = value;
}

/** The URL to import a source module by: its compiled twin when running compiled code, so module instances are shared. */
export function moduleUrl(sourceFile: string): string {
  const c = compiled();
  if (!c) return pathToFileURL(sourceFile).href;
  return pathToFileURL(path.join(c.dir, path.relative(c.root, sourceFile).replace(/\.tsx?$/, '.mjs'))).href;
}

/**
 * A worker thread's entry: the compiled module, or under tsx a small .mjs bootstrap that
 * registers tsx before importing the TypeScript entry.
 */
export function workerEntry(root: string, compiledEntry: string, bootstrap: string): URL {
  const c = compiled();
  return pathToFileURL(c ? path.join(c.dir, compiledEntry) : path.join(root, bootstrap));
}
