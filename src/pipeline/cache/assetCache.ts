import { z } from 'zod';
import type { IslandBundle } from '../../bundle/islands.ts';
import type { BuiltStylesheet } from '../../bundle/styles.ts';
import { listIslandFiles } from '../../islands/registry.ts';
import path from 'node:path';
import { readCacheFile, removeAllBut, writeCacheFile, type CacheLog } from './cacheFile.ts';

export interface Assets {
  stylesheet: BuiltStylesheet;
  bundle: IslandBundle;
}

/** Compiles the stylesheet and the island bundles. The compilers are loaded only when needed. */
export async function buildAssets(templatesDir: string, root: string): Promise<Assets> {
  const [{ buildStylesheet }, { bundleIslands }] = await Promise.all([import('../../bundle/styles.ts'), import('../../bundle/islands.ts')]);
  const [stylesheet, bundle] = await Promise.all([buildStylesheet(templatesDir), listIslandFiles(templatesDir).then((files) => bundleIslands(files, root))]);
  return { stylesheet, bundle };
}

const ASSETS = {
  kind: 'built assets',
  schema: z.object({
    stylesheet: z.object({ fileName: z.string(), css: z.string() }),
    loader: z.string(),
    islands: z.array(z.tuple([z.string(), z.string()])),
    files: z.array(z.tuple([z.string(), z.string()])),
  }),
};

/**
 * Assets depend only on templates, the generator and the dependencies, which the code version
 * covers: the same version reuses the stylesheet and bundles of the last build. Written, they
 * replace the other versions' assets, which no build of this code can use.
 */
export async function cachedAssets(cacheDir: string, version: string, build: () => Promise<Assets>, log: CacheLog): Promise<Assets> {
  const file = `assets/${version}.json`;
  const stored = await readCacheFile(cacheDir, file, ASSETS, version, log);
  if (stored) {
    const files = new Map(stored.files.map(([name, base64]) => [name, new Uint8Array(Buffer.from(base64, 'base64'))]));
    return { stylesheet: stored.stylesheet, bundle: { loader: stored.loader, islands: new Map(stored.islands), files } };
  }
  const assets = await build();
  const { bundle } = assets;
  await writeCacheFile(
    cacheDir,
    file,
    ASSETS,
    version,
    {
      stylesheet: assets.stylesheet,
      loader: bundle.loader,
      islands: [...bundle.islands],
      files: [...bundle.files].map(([name, data]): [string, string] => [name, Buffer.from(data).toString('base64')]),
    },
    log,
  );
  await removeAllBut(path.join(cacheDir, 'assets'), path.basename(file));
  return assets;
}
