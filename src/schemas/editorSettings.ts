import { SCHEMAS_FOLDER, type SchemaFile } from './jsonSchemas.ts';

/** VS Code's workspace settings, where the YAML extension (Red Hat's) reads which schema checks which files. */
export const SETTINGS_FILE = '.vscode/settings.json';

/** The settings key of the YAML extension: schema file → the YAML files it checks, both relative to the project. */
export const YAML_SCHEMAS_KEY = 'yaml.schemas';

/**
 * The `yaml.schemas` setting for the project's content folder (`content`, relative to the
 * project): each data file's schema for its file, and the pages' schema for pages/*.yaml.
 */
export function yamlSchemasSetting(files: readonly SchemaFile[], content: string): Record<string, string> {
  return Object.fromEntries(files.filter((f) => f.yaml).map((f) => [`${content}/${SCHEMAS_FOLDER}/${f.name}`, `${content}/${f.yaml}`]));
}
