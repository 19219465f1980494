import type { Paths } from '../config.ts';
import { loadDefinition } from '../pipeline/loadDefinition.ts';
import { SETTINGS_FILE, YAML_SCHEMAS_KEY } from '../schemas/editorSettings.ts';
import { writeEditorSchemas, type SchemasWritten } from '../write/editorSchemas.ts';
import { EXIT } from './report.ts';
import { systemFaultLine } from '../diagnosticFormats.ts';

/** Why the editor settings were left as they are, when they cannot be read as settings. */
const REFUSED: Partial<Record<SchemasWritten['settings'], string>> = {
  'not-json': `${SETTINGS_FILE} is not plain JSON (comments or trailing commas?), so "${YAML_SCHEMAS_KEY}" was not written: remove them and run sitegen schemas again`,
  'not-mapping': `${SETTINGS_FILE} is not an object of settings, or its "${YAML_SCHEMAS_KEY}" is not an object of schema → files, so it was left as it is: make it one and run sitegen schemas again`,
};

/** `sitegen schemas`: writes the JSON Schemas of the content and the editor settings, then says what changed. */
export async function schemasCommand(paths: Paths): Promise<number> {
  const result = await writeEditorSchemas(paths, await loadDefinition(paths.templates));
  if ('fault' in result) {
    process.stderr.write(`${systemFaultLine(result.fault, 'run sitegen schemas again once it is fixed: it writes what is still missing')}\n`);
    return EXIT.system;
  }
  if ('refused' in result) {
    process.stderr.write(`sitegen: cannot ${result.verb} ${result.refused}: ${result.reason}\n`);
    return EXIT.usage;
  }
  const lines = [...result.written.map((file) => `wrote ${file}`), ...result.removed.map((file) => `removed ${file} (it describes nothing the site declares)`)];
  if (result.settings === 'written') lines.push(`wrote "${YAML_SCHEMAS_KEY}" in ${SETTINGS_FILE}`);
  const count = result.written.length + result.unchanged;
  lines.push(
    `${count} schemas in ${result.folder}: ${result.written.length} written, ${result.unchanged} unchanged${result.removed.length ? `, ${result.removed.length} removed` : ''}`,
  );
  if (result.settings === 'not-project') lines.push(`${SETTINGS_FILE} is left as it is: it maps the schemas of the project's content/ folder`);
  process.stdout.write(`${lines.join('\n')}\n`);
  const refused = REFUSED[result.settings];
  if (!refused) return EXIT.ok;
  // The file is the user's: what sitegen cannot read it leaves untouched, and says so.
  process.stderr.write(`sitegen: ${refused}\n`);
  return EXIT.usage;
}
