import type { Paths } from '../config.ts';
import { loadDefinition } from '../pipeline/loadDefinition.ts';
import { SETTINGS_FILE, YAML_SCHEMAS_KEY } from '../schemas/editorSettings.ts';
import { writeEditorSchemas } from '../write/editorSchemas.ts';
import { EXIT } from './report.ts';

/** `sitegen schemas`: writes the JSON Schemas of the content and the editor settings, then says what changed. */
export async function schemasCommand(paths: Paths): Promise<number> {
  const result = await writeEditorSchemas(paths, await loadDefinition(paths.templates));
  const lines = [...result.written.map((file) => `wrote ${file}`), ...result.removed.map((file) => `removed ${file} (it describes nothing the site declares)`)];
  if (result.settings === 'written') lines.push(`wrote "${YAML_SCHEMAS_KEY}" in ${SETTINGS_FILE}`);
  const count = result.written.length + result.unchanged;
  lines.push(`${count} schemas in ${result.folder}: ${result.written.length} written, ${result.unchanged} unchanged${result.removed.length ? `, ${result.removed.length} removed` : ''}`);
  if (result.settings === 'not-project') lines.push(`${SETTINGS_FILE} is left as it is: it maps the schemas of the project's content/ folder`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (result.settings !== 'not-json') return EXIT.ok;
  process.stderr.write(`sitegen: ${SETTINGS_FILE} is not plain JSON (comments or trailing commas?), so "${YAML_SCHEMAS_KEY}" was not written: remove them and run sitegen schemas again\n`);
  return EXIT.usage;
}
