import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Paths } from '../config.ts';
import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import type { SiteDefinition } from '../model.ts';
import { isPlainObject, ownedSchemaEntries, SETTINGS_FILE, YAML_SCHEMAS_KEY, yamlSchemasSetting } from '../schemas/editorSettings.ts';
import { SCHEMAS_COMMAND, SCHEMAS_FOLDER, schemaFiles, type SchemaFile } from '../schemas/jsonSchemas.ts';

const RUN = `run ${SCHEMAS_COMMAND} and commit what it writes`;

/** The project's own content folder (content/ beside templates/): the one the editor settings point at. */
export const isProjectContent = (paths: Pick<Paths, 'root' | 'content'>) => paths.content === path.join(paths.root, 'content');

/** A file's text, or undefined when there is no such file. */
export const readText = (file: string) =>
  readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });

/** The first line where two texts differ (1-based). */
function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  const line = left.findIndex((text, i) => text !== right[i]);
  return (line === -1 ? left.length : line) + 1;
}

/** Each schema file that is missing, differs from what `sitegen schemas` writes, or describes nothing any more. */
async function schemaFileProblems(dir: string, expected: SchemaFile[], committed: string[]): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const { name, title, text } of expected) {
    const file = path.join(dir, name);
    const written = await readText(file);
    if (written === undefined) diagnostics.push(diagnostic(file, FILE_START, 'schemas/outdated', `the schema of ${title} is missing: ${RUN}`));
    else if (written !== text)
      diagnostics.push(
        diagnostic(
          file,
          { line: firstDifference(written, text), column: 1 },
          'schemas/outdated',
          `the schema of ${title} is out of date (from this line on, templates/ now declare it otherwise): ${RUN}`,
        ),
      );
  }
  const names = new Set(expected.map((f) => f.name));
  for (const name of committed.filter((n) => n.endsWith('.json') && !names.has(n))) {
    diagnostics.push(
      diagnostic(
        path.join(dir, name),
        FILE_START,
        'schemas/outdated',
        `no data file, page template or collection of templates/index.ts has this schema any more: ${RUN} (it removes the file)`,
      ),
    );
  }
  return diagnostics;
}

/** Whether .vscode/settings.json maps the schemas to the YAML files they check, as `sitegen schemas` writes its own entries of it. */
async function settingsProblem(root: string, expected: SchemaFile[]): Promise<Diagnostic | undefined> {
  const file = path.join(root, SETTINGS_FILE);
  const text = await readText(file);
  if (text === undefined)
    return diagnostic(
      file,
      FILE_START,
      'schemas/outdated',
      `${SETTINGS_FILE} is missing: editors learn from its "${YAML_SCHEMAS_KEY}" which schema checks which YAML file; ${RUN}`,
    );
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return diagnostic(
      file,
      FILE_START,
      'schemas/outdated',
      `${SETTINGS_FILE} is not plain JSON (comments or trailing commas?), so its "${YAML_SCHEMAS_KEY}" cannot be checked: remove them, then ${RUN}`,
    );
  }
  const setting = isPlainObject(settings) ? settings[YAML_SCHEMAS_KEY] : undefined;
  // Only sitegen's entries are compared: the user's own mappings (a schemastore URL, their own schema files) are theirs.
  if (isPlainObject(setting) && isDeepStrictEqual(ownedSchemaEntries(setting, 'content'), yamlSchemasSetting(expected, 'content'))) return undefined;
  const at = text.split('\n').findIndex((line) => line.includes(`"${YAML_SCHEMAS_KEY}"`));
  return diagnostic(
    file,
    at === -1 ? FILE_START : { line: at + 1, column: text.split('\n')[at]!.indexOf('"') + 1 },
    'schemas/outdated',
    `"${YAML_SCHEMAS_KEY}" does not map each schema to the YAML files it checks: ${RUN}`,
  );
}

/**
 * What `check` says of the committed editor schemas: one problem per schema file that is stale,
 * missing or left over, and one for the editor settings. The project's content/ must have them
 * (its settings point there, so a deleted folder is caught too). Another content folder (a test
 * fixture, the benchmark's copy) is compared only when it has a .schemas/ folder: nobody edits it
 * with them, and its schemas would only repeat the project's.
 */
export async function outdatedSchemas(paths: Pick<Paths, 'root' | 'content'>, definition: SiteDefinition): Promise<Diagnostic[]> {
  const dir = path.join(paths.content, SCHEMAS_FOLDER);
  const own = isProjectContent(paths);
  const committed = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!committed && !own) return [];
  const expected = schemaFiles(definition);
  const diagnostics = await schemaFileProblems(dir, expected, committed ?? []);
  const settings = own ? await settingsProblem(paths.root, expected) : undefined;
  return settings ? [...diagnostics, settings] : diagnostics;
}
