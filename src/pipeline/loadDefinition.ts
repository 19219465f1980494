import path from 'node:path';
import { loadIslandNames } from '../islands/registry.ts';
import type { SiteDefinition } from '../model.ts';
import type { IslandNames } from '../render/islands.tsx';
import { moduleUrl } from '../runtime/compiled.ts';

/** Imports templates/index.ts, which declares the site: its data files, collections and page templates. */
export async function loadDefinition(templatesDir: string): Promise<SiteDefinition> {
  const mod = (await import(moduleUrl(path.join(templatesDir, 'index.ts')))) as { definition?: SiteDefinition };
  if (!mod.definition) throw new Error(`${templatesDir}/index.ts must export "definition" (see defineSite in src/model.ts)`);
  return mod.definition;
}

export interface LoadedSite {
  definition: SiteDefinition;
  /** Island component → island name, to find each island's browser module. */
  names: IslandNames;
}

/**
 * The site's definition and the island names that rendering needs. One after the other: the
 * island modules are then the instances the templates imported (vitest's module runner, asked
 * for a module by two imports at once, can evaluate it twice, and a second NavMenus is "not an island").
 */
export async function loadSite(templatesDir: string): Promise<LoadedSite> {
  const definition = await loadDefinition(templatesDir);
  return { definition, names: await loadIslandNames(templatesDir) };
}
