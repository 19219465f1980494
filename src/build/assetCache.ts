import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IslandBundle } from '../bundle/islands.ts';
import type { BuiltStylesheet } from '../bundle/styles.ts';
import { listIslandFiles } from '../islands/registry.ts';

export interface Assets {
  stylesheet: BuiltStylesheet;
  bundle: IslandBundle;
}

/** Compiles the stylesheet and the island bundles. The compilers are loaded only when needed. */
export async function buildAssets(templatesDir: string, root: string): Promise<Assets> {
  const [{ buildStylesheet }, { bundleIslands }] = await Promise.all([import('../bundle/styles.ts'), import('../bundle/islands.ts')]);
  const [stylesheet, bundle] = await Promise.all([buildStylesheet(templatesDir), listIslandFiles(templatesDir).then((files) => bundleIslands(files, root))]);
  return { stylesheet, bundle };
}

interface Stored {
  stylesheet: BuiltStylesheet;
  loader: string;
  islands: [string, string][];
  files: [string, string][];
  inputs: string[];
}

/**
 * Assets depend only on templates, the generator and the dependencies, which the code version
 * covers: the same version reuses the stylesheet and bundles of the last build.
 */
export async function cachedAssets(cacheDir: string, version: string, build: () => Promise<Assets>): Promise<Assets> {
  const file = path.join(cacheDir, 'assets', `${version}.json`);
  const stored = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Stored,
    () => undefined,
  );
  if (stored) {
    const files = new Map(stored.files.map(([name, base64]) => [name, new Uint8Array(Buffer.from(base64, 'base64'))]));
    return { stylesheet: stored.stylesheet, bundle: { loader: stored.loader, islands: new Map(stored.islands), files, inputs: stored.inputs } };
  }
  const assets = await build();
  const { bundle } = assets;
  const record: Stored = { stylesheet: assets.stylesheet, loader: bundle.loader, islands: [...bundle.islands], files: [...bundle.files].map(([name, data]) => [name, Buffer.from(data).toString('base64')]), inputs: bundle.inputs };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(record));
  return assets;
}
