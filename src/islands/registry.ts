import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentType } from 'react';
import { moduleUrl } from '../runtime/compiled.ts';
import { ISLAND_FILE } from '../runtime/sources.mjs';

/** Islands are the default exports of templates/islands/*.tsx; the file name is the island's name. */

export async function listIslandFiles(templatesDir: string): Promise<Map<string, string>> {
  const dir = path.join(templatesDir, 'islands');
  const entries = await readdir(dir).catch(() => [] as string[]);
  const files = new Map<string, string>();
  for (const entry of entries.sort()) {
    if (ISLAND_FILE.test(entry)) files.set(entry.replace(/\.tsx$/, ''), path.join(dir, entry));
  }
  return files;
}

/** Island component → island name, to find the browser module of each island a page uses. */
export async function loadIslandNames(templatesDir: string): Promise<Map<ComponentType<never>, string>> {
  const files = await listIslandFiles(templatesDir);
  const names = new Map<ComponentType<never>, string>();
  for (const [name, file] of files) {
    const mod = (await import(moduleUrl(file))) as { default?: ComponentType<never> };
    if (typeof mod.default !== 'function') throw new Error(`${file}: an island module must export its component as default`);
    names.set(mod.default, name);
  }
  return names;
}
