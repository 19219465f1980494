import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Paths } from '../config.ts';
import { isProjectContent, readText } from '../load/schemaFiles.ts';
import type { SiteDefinition } from '../model.ts';
import { SETTINGS_FILE, YAML_SCHEMAS_KEY, yamlSchemasSetting } from '../schemas/editorSettings.ts';
import { SCHEMAS_FOLDER, schemaFiles } from '../schemas/jsonSchemas.ts';

/** What `sitegen schemas` did: files by path relative to the project. */
export interface SchemasWritten {
  folder: string;
  written: string[];
  removed: string[];
  unchanged: number;
  /** The editor settings: written, already right, not plain JSON (left alone), or not the project's content folder. */
  settings: 'written' | 'unchanged' | 'not-json' | 'not-project';
}

/** Sets `yaml.schemas` in .vscode/settings.json, keeping every other setting (and the key's place). */
async function writeSettings(root: string, setting: Record<string, string>): Promise<SchemasWritten['settings']> {
  const file = path.join(root, SETTINGS_FILE);
  const text = await readText(file);
  let settings: Record<string, unknown> = {};
  if (text !== undefined) {
    try {
      settings = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return 'not-json';
    }
  }
  const next = `${JSON.stringify({ ...settings, [YAML_SCHEMAS_KEY]: setting }, null, 2)}\n`;
  if (next === text) return 'unchanged';
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, next);
  return 'written';
}

/**
 * `sitegen schemas`: the content folder's .schemas/ made to hold exactly the schema files the
 * definition makes (files whose bytes are right are left untouched, schemas of nothing removed),
 * and, for the project's own content/, the editor settings that map them to the YAML files.
 */
export async function writeEditorSchemas(paths: Pick<Paths, 'root' | 'content'>, definition: SiteDefinition): Promise<SchemasWritten> {
  const dir = path.join(paths.content, SCHEMAS_FOLDER);
  const rel = (file: string) => path.relative(paths.root, file).split(path.sep).join('/');
  const files = schemaFiles(definition);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const { name, text } of files) {
    const file = path.join(dir, name);
    if ((await readText(file)) === text) continue;
    await writeFile(file, text);
    written.push(rel(file));
  }
  const names = new Set(files.map((f) => f.name));
  const removed: string[] = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json') && !names.has(n)).sort()) {
    await rm(path.join(dir, name));
    removed.push(rel(path.join(dir, name)));
  }
  const settings = isProjectContent(paths) ? await writeSettings(paths.root, yamlSchemasSetting(files, 'content')) : 'not-project';
  return { folder: rel(dir), written, removed, unchanged: files.length - written.length, settings };
}
