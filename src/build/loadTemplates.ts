import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TemplateSet } from '../model.ts';

/** Imports templates/index.ts, which names the page templates and the collection templates. */
export async function loadTemplates(templatesDir: string): Promise<TemplateSet> {
  const mod = (await import(pathToFileURL(path.join(templatesDir, 'index.ts')).href)) as { templates?: TemplateSet };
  if (!mod.templates) throw new Error(`${templatesDir}/index.ts must export "templates"`);
  return mod.templates;
}
