import path from 'node:path';
import { loadIslandNames } from '../islands/registry.ts';
import type { TemplateSet } from '../model.ts';
import type { IslandNames } from '../render/islands.tsx';
import { moduleUrl } from '../runtime/compiled.ts';

/** Imports templates/index.ts, which names the page templates and the collection templates. */
export async function loadTemplates(templatesDir: string): Promise<TemplateSet> {
  const mod = (await import(moduleUrl(path.join(templatesDir, 'index.ts')))) as { templates?: TemplateSet };
  if (!mod.templates) throw new Error(`${templatesDir}/index.ts must export "templates"`);
  return mod.templates;
}

/** The templates and the island names (component → file name) that rendering needs. */
export async function loadTemplateSet(templatesDir: string): Promise<{ templates: TemplateSet; names: IslandNames }> {
  const [templates, names] = await Promise.all([loadTemplates(templatesDir), loadIslandNames(templatesDir)]);
  return { templates, names };
}
