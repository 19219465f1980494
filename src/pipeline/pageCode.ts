import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteDefinition } from '../model.ts';
import type { MadeBy } from '../plan/plannedPages.ts';
import { compiled, moduleUrl } from '../runtime/compiled.ts';
import { CODE_MAP, declaringModules, ENTRIES, projectImports, sourceHashes } from '../runtime/sources.mjs';
import { codeKeys, type CodeMap } from './cache/codeKeys.ts';

/** Which code makes the pages and the analyses of a build, as hashes (see CodeKeys). */
export interface PageCode {
  /** The code every page and every analysis runs. */
  shared: string;
  /** The code that renders pages made by this collection or template. */
  of(madeBy: MadeBy): string;
}

/**
 * The code keys of the generator this thread runs. Compiled, they come from its compilation,
 * which hashed the sources before compiling them; running the sources under tsx (tests), the
 * sources are hashed now and their imports found by esbuild.
 */
export async function pageCode(root: string, definition: SiteDefinition): Promise<PageCode> {
  const [map, declared] = await Promise.all([codeMap(root), declarations(root, definition)]);
  const keys = codeKeys(map);
  return { shared: keys.shared, of: (madeBy) => keys.declaredIn(declared(madeBy)) };
}

async function codeMap(root: string): Promise<CodeMap> {
  const c = compiled();
  if (c) {
    // A watch worker's templates are compiled apart from its generator: each compilation maps its own files.
    const maps = await Promise.all(
      [c.dir, ...(c.templates ? [c.templates] : [])].map(async (dir) => JSON.parse(await readFile(path.join(dir, CODE_MAP), 'utf8')) as CodeMap),
    );
    return {
      files: Object.assign({}, ...maps.map((m) => m.files)) as CodeMap['files'],
      imports: Object.assign({}, ...maps.map((m) => m.imports)) as CodeMap['imports'],
    };
  }
  const files = sourceHashes(root);
  const esbuild = await import('esbuild');
  const { metafile } = await esbuild.build({
    entryPoints: [ENTRIES.templates, ...declaringModules(root)].map((file) => path.join(root, file)),
    absWorkingDir: root,
    bundle: true,
    // Nothing is written: esbuild only needs a folder to place several entries in.
    outdir: path.join(root, 'node_modules/.cache/sitegen/graph'),
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
  });
  return { files, imports: projectImports(metafile) };
}

/**
 * The module that declares each collection and YAML page template, found by importing the
 * declaring modules (the instances templates/index.ts imported) and looking for the definition's
 * values among their exports. A value two modules export names no module: all the code is its key.
 */
async function declarations(root: string, definition: SiteDefinition): Promise<(madeBy: MadeBy) => string | undefined> {
  const owners = new Map<unknown, string | undefined>();
  for (const file of declaringModules(root)) {
    const exports = (await import(moduleUrl(path.join(root, file)))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (value !== null && (typeof value === 'object' || typeof value === 'function')) owners.set(value, owners.has(value) ? undefined : file);
    }
  }
  return (madeBy) => owners.get('collection' in madeBy ? definition.collections.find((c) => c.name === madeBy.collection) : definition.pages[madeBy.template]);
}
