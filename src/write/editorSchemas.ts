import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Paths } from '../config.ts';
import { isProjectContent, readText } from '../load/schemaFiles.ts';
import type { SiteDefinition } from '../model.ts';
import { isPlainObject, mergeYamlSchemas, SETTINGS_FILE, YAML_SCHEMAS_KEY, yamlSchemasSetting } from '../schemas/editorSettings.ts';
import { SCHEMAS_FOLDER, schemaFiles } from '../schemas/jsonSchemas.ts';

/** What `sitegen schemas` did: files by path relative to the project. */
export interface SchemasWritten {
  folder: string;
  written: string[];
  removed: string[];
  unchanged: number;
  /**
   * The editor settings: written, already right, not plain JSON or not a settings object with
   * `yaml.schemas` an object (either left alone, to lose nothing), or not the project's content
   * folder; or something that is not a file in its place (a folder), when nothing at all is written.
   */
  settings: 'written' | 'unchanged' | 'not-json' | 'not-mapping' | 'not-project' | 'not-file';
}

/** The indentation a JSON text uses (its first indented line's), so that a rewrite changes only what it must. */
const indentOf = (text: string) => /^[ \t]+(?=")/m.exec(text)?.[0] ?? 2;

/**
 * Puts sitegen's entries into `yaml.schemas` of .vscode/settings.json: the user's entries of it,
 * every other setting and their order are kept; a file already right is not rewritten.
 */
async function writeSettings(root: string, owned: Record<string, string>): Promise<SchemasWritten['settings']> {
  const file = path.join(root, SETTINGS_FILE);
  const text = await readText(file);
  let settings: unknown = {};
  if (text !== undefined) {
    try {
      settings = JSON.parse(text);
    } catch {
      return 'not-json';
    }
  }
  const current = isPlainObject(settings) ? (settings[YAML_SCHEMAS_KEY] ?? {}) : undefined;
  if (!isPlainObject(settings) || !isPlainObject(current)) return 'not-mapping';
  const next = { ...settings, [YAML_SCHEMAS_KEY]: mergeYamlSchemas(current, owned, 'content') };
  if (text !== undefined && JSON.stringify(next) === JSON.stringify(settings)) return 'unchanged';
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(next, null, text === undefined ? 2 : indentOf(text))}\n`);
  return 'written';
}

/** Whether `file`, or the folder it goes in, is something other than what it should be (a folder where the file goes, a file where its folder goes). */
async function notAFile(file: string): Promise<boolean> {
  const [folder, itself] = await Promise.all([stat(path.dirname(file)).catch(() => undefined), stat(file).catch(() => undefined)]);
  return (folder !== undefined && !folder.isDirectory()) || (itself !== undefined && !itself.isFile());
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
  const project = isProjectContent(paths);
  // Checked before anything is written: the schemas without their settings would be half a run.
  if (project && (await notAFile(path.join(paths.root, SETTINGS_FILE))))
    return { folder: rel(dir), written: [], removed: [], unchanged: 0, settings: 'not-file' };
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
  const settings = project ? await writeSettings(paths.root, yamlSchemasSetting(files, 'content')) : 'not-project';
  return { folder: rel(dir), written, removed, unchanged: files.length - written.length, settings };
}
