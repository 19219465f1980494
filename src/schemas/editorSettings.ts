import path from 'node:path';
import { SCHEMAS_FOLDER, type SchemaFile } from './jsonSchemas.ts';

/** VS Code's workspace settings, where the YAML extension (Red Hat's) reads which schema checks which files. */
export const SETTINGS_FILE = '.vscode/settings.json';

/** The settings key of the YAML extension: schema file → the YAML files it checks, both relative to the project. */
export const YAML_SCHEMAS_KEY = 'yaml.schemas';

/**
 * The `yaml.schemas` entries sitegen writes for the project's content folder (`content`, relative
 * to the project): each data file's schema for its file, and the pages' schema for pages/*.yaml.
 */
export function yamlSchemasSetting(files: readonly SchemaFile[], content: string): Record<string, string> {
  return Object.fromEntries(files.filter((f) => f.yaml).map((f) => [`${content}/${SCHEMAS_FOLDER}/${f.name}`, `${content}/${f.yaml}`]));
}

/**
 * Whether a `yaml.schemas` key is sitegen's: a file of the content folder's .schemas/ named as
 * sitegen names them (`content/.schemas/site.schema.json`). sitegen owns those files (it removes
 * the ones it no longer writes), so such a key that it does not write is stale. Every other key
 * (a schemastore URL, the user's `./schemas/my-own.json`, even `./content/.schemas/…` spelled
 * otherwise) is the user's and is kept as written.
 */
export function isOwnedSchemaKey(key: string, content: string): boolean {
  const prefix = `${content}/${SCHEMAS_FOLDER}/`;
  const name = key.slice(prefix.length);
  return key.startsWith(prefix) && name !== '' && !name.includes('/') && path.posix.normalize(key) === key;
}

/** The entries of a `yaml.schemas` setting that sitegen owns. */
export const ownedSchemaEntries = (setting: Record<string, unknown>, content: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(setting).filter(([key]) => isOwnedSchemaKey(key, content)));

/**
 * The user's `yaml.schemas` with sitegen's entries replaced by `owned`: the user's entries keep
 * their values and order, and sitegen's stand together where its first one stood (at the end
 * when there was none).
 */
export function mergeYamlSchemas(setting: Record<string, unknown>, owned: Record<string, string>, content: string): Record<string, unknown> {
  const entries = Object.entries(setting);
  const at = entries.findIndex(([key]) => isOwnedSchemaKey(key, content));
  const users = (list: typeof entries) => list.filter(([key]) => !isOwnedSchemaKey(key, content));
  const before = at === -1 ? users(entries) : users(entries.slice(0, at));
  const after = at === -1 ? [] : users(entries.slice(at));
  return Object.fromEntries([...before, ...Object.entries(owned), ...after]);
}

/** A plain JSON object (not an array or null): what VS Code's settings and the `yaml.schemas` setting are. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
