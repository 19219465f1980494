import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import { compiledPath, ENTRIES, type EntryName } from './sources.mjs';

/** Where the compiled generator lives (set by bin/generator.mjs); absent when running the sources under tsx (tests). */
export interface Compiled {
  root: string;
  dir: string;
  /** Where a watch worker's templates are compiled, apart from its generator (they are compiled again after each edit). */
  templates?: string;
}

export function compiled(): Compiled | undefined {
  // A worker thread's modules are evaluated before its entry can set the global (config.ts reads it
  // then, for the project's root): the generator's threads carry it in their workerData from the start.
  return (
    (globalThis as { __sitegenCompiled?: Compiled }).__sitegenCompiled ?? (isMainThread ? undefined : (workerData as { compiled?: Compiled } | null)?.compiled)
  );
}

export function setCompiled(value: Compiled | undefined): void {
  if (value) (globalThis as { __sitegenCompiled?: Compiled }).__sitegenCompiled = value;
}

/** The URL to import a source module by: its compiled twin when running compiled code, so module instances are shared. */
export function moduleUrl(sourceFile: string): string {
  const c = compiled();
  if (!c) return pathToFileURL(sourceFile).href;
  const source = path.relative(c.root, sourceFile);
  const dir = c.templates && source.startsWith(`templates${path.sep}`) ? c.templates : c.dir;
  return pathToFileURL(path.join(dir, compiledPath(source))).href;
}

/**
 * How to start a worker thread on one of the generator's entries: its compiled module, or under
 * tsx the bootstrap that registers tsx before importing the TypeScript entry (named in workerData).
 */
export function threadEntry(root: string, entry: EntryName): { file: URL; workerData: { entry: string; compiled: Compiled | undefined } } {
  const c = compiled();
  const file = pathToFileURL(c ? path.join(c.dir, compiledPath(ENTRIES[entry])) : path.join(root, 'src/runtime/tsxThread.mjs'));
  return { file, workerData: { entry: ENTRIES[entry], compiled: c } };
}
