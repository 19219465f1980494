import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Paths } from '../config.ts';
import { isProjectContent, readText } from '../load/schemaFiles.ts';
import type { SiteDefinition } from '../model.ts';
import { isPlainObject, mergeYamlSchemas, SETTINGS_FILE, YAML_SCHEMAS_KEY, yamlSchemasSetting } from '../schemas/editorSettings.ts';
import { SCHEMAS_FOLDER, schemaFiles, type SchemaFile } from '../schemas/jsonSchemas.ts';
import { inPlaceOf } from '../runtime/ownedPaths.mjs';
import { atPath, systemFault, type SystemFault } from '../systemFault.ts';

/** What `sitegen schemas` did: files by path relative to the project. */
export interface SchemasWritten {
  folder: string;
  written: string[];
  removed: string[];
  unchanged: number;
  /**
   * The editor settings: written, already right, not plain JSON or not a settings object with
   * `yaml.schemas` an object (either left alone, to lose nothing), or not the project's content
   * folder.
   */
  settings: 'written' | 'unchanged' | 'not-json' | 'not-mapping' | 'not-project';
}

/**
 * Why `sitegen schemas` wrote nothing, or stopped: the file it could not write (relative to the
 * project) and what is in its way, or the system's refusal (a full or read-only disk).
 */
export type SchemasRefused =
  | {
      refused: string;
      /** What sitegen meant to do with it. */
      verb: 'write' | 'remove';
      reason: string;
    }
  | { fault: SystemFault };

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

/** What stands where a file or folder sitegen writes goes (a folder where a file goes, a file where a folder goes), or undefined when nothing does. */
function inTheWay(target: string, kind: 'file' | 'folder'): string | undefined {
  // Not followed: a link there (dangling, round a loop, or out of the project) would have sitegen write where it leads.
  const found = inPlaceOf(target, kind);
  if (!found) return undefined;
  const what =
    found === 'a link'
      ? `it is a link, and sitegen writes its ${kind === 'file' ? 'files' : 'folders'} only where they are`
      : kind === 'file'
        ? 'it is not a file (a folder, or a file where one of its folders should be)'
        : 'it is not a folder';
  return `${what}, so nothing was written: move it away and run sitegen schemas again`;
}

/** The system's refusal that stopped a write, or the error again when it is not one. */
function fault(error: unknown): SchemasRefused {
  const found = systemFault(error);
  if (!found) throw error;
  return { fault: found };
}

/**
 * `sitegen schemas`: the content folder's .schemas/ made to hold exactly the schema files the
 * definition makes (files whose bytes are right are left untouched, schemas of nothing removed),
 * and, for the project's own content/, the editor settings that map them to the YAML files.
 */
export async function writeEditorSchemas(paths: Pick<Paths, 'root' | 'content'>, definition: SiteDefinition): Promise<SchemasWritten | SchemasRefused> {
  const dir = path.join(paths.content, SCHEMAS_FOLDER);
  const rel = (file: string) => path.relative(paths.root, file).split(path.sep).join('/');
  const files = schemaFiles(definition);
  const project = isProjectContent(paths);
  // Checked before anything is written: the schemas without their settings, or some schemas without the others, would be half a run.
  const settingsFile = path.join(paths.root, SETTINGS_FILE);
  const targets: [string, 'file' | 'folder'][] = [
    [dir, 'folder'],
    ...files.map(({ name }): [string, 'file' | 'folder'] => [path.join(dir, name), 'file']),
    ...(project
      ? ([
          [path.dirname(settingsFile), 'folder'],
          [settingsFile, 'file'],
        ] satisfies [string, 'file' | 'folder'][])
      : []),
  ];
  for (const [target, kind] of targets) {
    const reason = inTheWay(target, kind);
    if (reason) return { refused: rel(target), verb: 'write', reason };
  }
  for (const name of await stale(dir, files)) {
    const reason = inTheWay(path.join(dir, name), 'file');
    if (reason) return { refused: rel(path.join(dir, name)), verb: 'remove', reason };
  }
  try {
    return await writeAll(dir, files, project ? paths.root : undefined, rel);
  } catch (error) {
    return fault(error);
  }
}

/** The schema files of .schemas/ that describe nothing the definition makes: removed by a run. */
async function stale(dir: string, files: readonly SchemaFile[]): Promise<string[]> {
  const names = new Set(files.map((f) => f.name));
  return ((await readdir(dir).catch(() => [])) as string[]).filter((n) => n.endsWith('.json') && !names.has(n)).sort();
}

async function writeAll(dir: string, files: readonly SchemaFile[], projectRoot: string | undefined, rel: (file: string) => string): Promise<SchemasWritten> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const { name, text } of files) {
    const file = path.join(dir, name);
    if ((await readText(file)) === text) continue;
    await writeFile(file, text).catch((error: unknown) => {
      throw atPath(error, file);
    });
    written.push(rel(file));
  }
  const removed: string[] = [];
  for (const name of await stale(dir, files)) {
    await rm(path.join(dir, name));
    removed.push(rel(path.join(dir, name)));
  }
  const settings = projectRoot ? await writeSettings(projectRoot, yamlSchemasSetting(files, 'content')) : 'not-project';
  return { folder: rel(dir), written, removed, unchanged: files.length - written.length, settings };
}
