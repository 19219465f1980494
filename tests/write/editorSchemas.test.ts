import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schemasCommand } from '../../src/cli/schemasCommand.ts';
import { resolvePaths } from '../../src/config.ts';
import { outdatedSchemas } from '../../src/load/schemaFiles.ts';
import { SETTINGS_FILE, yamlSchemasSetting } from '../../src/schemas/editorSettings.ts';
import { schemaFiles } from '../../src/schemas/jsonSchemas.ts';
import { writeEditorSchemas } from '../../src/write/editorSchemas.ts';
import { definition } from '../../templates/index.ts';

/*
 * `sitegen schemas` owns only its entries of the editor settings, and `check` compares only
 * those: in a temporary project holding the user's own settings, mappings and formatting.
 */

let root: string;
/** A folder outside the project, where a link could lead a write. */
let outside: string;
let paths: { root: string; content: string };
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sitegen-editor-schemas-'));
  outside = await mkdtemp(path.join(tmpdir(), 'sitegen-editor-outside-'));
  paths = { root, content: path.join(root, 'content') };
  await mkdir(path.join(root, '.vscode'), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const OWNED = yamlSchemasSetting(schemaFiles(definition), 'content');
const USERS = {
  'https://json.schemastore.org/github-workflow.json': '.github/workflows/*.yml',
  './schemas/my-own.json': ['data/*.yaml', 'more/*.yaml'],
  // The folder's schemas spelled otherwise, or one of the user's in a subfolder: not what sitegen writes, so theirs.
  './content/.schemas/pages.schema.json': 'drafts/*.yaml',
  'content/.schemas/mine/extra.json': 'extra/*.yaml',
};
const settingsFile = () => path.join(root, SETTINGS_FILE);
const settingsText = () => readFile(settingsFile(), 'utf8');
/** Settings with other keys around yaml.schemas, indented with four spaces, as a user's editor may write them. */
const userSettings = (schemas: Record<string, unknown>) =>
  `${JSON.stringify({ 'editor.tabSize': 4, 'yaml.schemas': schemas, 'files.exclude': { dist: true } }, null, 4)}\n`;
/** What the run did with the settings; a run that was refused fails here. */
function settingsOf(result: Awaited<ReturnType<typeof writeEditorSchemas>>) {
  if ('refused' in result) throw new Error(`refused: ${result.refused}: ${result.reason}`);
  if ('fault' in result) throw new Error(`refused by the system: ${result.fault.code}`);
  return result.settings;
}
const rules = async () => (await outdatedSchemas(paths, definition)).map((d) => `${path.relative(root, d.file)}:${d.line}  ${d.message}`);

describe('sitegen schemas and the user’s settings', () => {
  it('keeps the user’s mappings, other settings, order and indentation; check is clean with them present', async () => {
    await writeFile(settingsFile(), userSettings({ ...USERS, ...OWNED }));
    const before = await settingsText();
    const result = await writeEditorSchemas(paths, definition);
    expect(settingsOf(result)).toBe('unchanged');
    expect(await settingsText()).toBe(before);
    expect(await rules()).toEqual([]);
  });

  it('replaces a stale or missing entry of its own, and nothing else; check reported it before, and is clean after', async () => {
    const [first] = Object.keys(OWNED);
    const stale = { ...USERS, 'content/.schemas/removed.schema.json': 'content/removed.yaml', [first!]: 'content/elsewhere.yaml', 'zz.json': 'last.yaml' };
    // The schema files are right; only the settings are not.
    await writeEditorSchemas(paths, definition);
    await writeFile(settingsFile(), userSettings(stale));
    expect(await rules()).toEqual([
      `${SETTINGS_FILE}:3  "yaml.schemas" does not map each schema to the YAML files it checks: run npx sitegen schemas and commit what it writes`,
    ]);

    expect(settingsOf(await writeEditorSchemas(paths, definition))).toBe('written');
    const written = JSON.parse(await settingsText()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(written)).toEqual(['editor.tabSize', 'yaml.schemas', 'files.exclude']);
    expect(written['files.exclude']).toEqual({ dist: true });
    expect(Object.entries(written['yaml.schemas']!)).toEqual([...Object.entries(USERS), ...Object.entries(OWNED), ['zz.json', 'last.yaml']]);
    expect((await settingsText()).split('\n')[1]).toBe('    "editor.tabSize": 4,');
    expect(await rules()).toEqual([]);
  });

  it('writes the settings when there are none, and adds yaml.schemas to settings without it', async () => {
    expect(settingsOf(await writeEditorSchemas(paths, definition))).toBe('written');
    expect(JSON.parse(await settingsText())).toEqual({ 'yaml.schemas': OWNED });
    await writeFile(settingsFile(), '{\n  "editor.tabSize": 2\n}\n');
    expect(settingsOf(await writeEditorSchemas(paths, definition))).toBe('written');
    expect(JSON.parse(await settingsText())).toEqual({ 'editor.tabSize': 2, 'yaml.schemas': OWNED });
    expect(await rules()).toEqual([]);
  });

  it('leaves settings it cannot read as it found them, byte for byte, and says why; check says so too', async () => {
    const unreadable = [
      ['not-json', `{\n  // the user's comment\n  "yaml.schemas": {},\n}\n`],
      ['not-json', ''],
      ['not-mapping', '[]\n'],
      ['not-mapping', 'null\n'],
      ['not-mapping', '{ "yaml.schemas": ["content/.schemas/site.schema.json"] }\n'],
      ['not-mapping', '{ "yaml.schemas": "content/.schemas/site.schema.json" }\n'],
    ] as const;
    for (const [why, text] of unreadable) {
      await writeFile(settingsFile(), text);
      expect(settingsOf(await writeEditorSchemas(paths, definition)), text).toBe(why);
      expect(await settingsText(), text).toBe(text);
      expect(await rules(), text).toEqual([
        expect.stringMatching(why === 'not-json' ? /not plain JSON \(comments or trailing commas\?\)/ : /"yaml\.schemas" does not map/),
      ]);
    }
  });
});

/** `sitegen schemas` in the temporary project, as the command line runs it: its exit code and what it says on stderr. */
async function runSchemas(): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => ((stderr += chunk), true)) as typeof process.stderr.write;
  const code = await schemasCommand({ ...resolvePaths({ root }), templates: path.resolve(import.meta.dirname, '../../templates') }).finally(
    () => (process.stderr.write = write),
  );
  return { code, stderr };
}

describe('sitegen schemas with something else where a file or folder it writes belongs', () => {
  const schema = () => path.join(root, 'content/.schemas', schemaFiles(definition)[0]!.name);
  for (const [what, place, file, reason] of [
    [
      'a folder where .vscode/settings.json belongs',
      () => mkdir(settingsFile()),
      '.vscode/settings.json',
      'it is not a file (a folder, or a file where one of its folders should be)',
    ],
    [
      'a file where .vscode/ belongs',
      async () => (await rm(path.join(root, '.vscode'), { recursive: true }), writeFile(path.join(root, '.vscode'), 'notes')),
      '.vscode',
      'it is not a folder',
    ],
    [
      'a file where content/.schemas/ belongs',
      async () => (await mkdir(path.join(root, 'content')), writeFile(path.join(root, 'content/.schemas'), 'notes')),
      'content/.schemas',
      'it is not a folder',
    ],
    [
      'a folder where a schema file belongs',
      () => mkdir(schema(), { recursive: true }),
      `content/.schemas/${schemaFiles(definition)[0]!.name}`,
      'it is not a file (a folder, or a file where one of its folders should be)',
    ],
    [
      'a dangling link where a schema file belongs, leading out of the project',
      async () => (await mkdir(path.dirname(schema()), { recursive: true }), symlink(path.join(outside, 'written-outside.json'), schema())),
      `content/.schemas/${schemaFiles(definition)[0]!.name}`,
      'it is a link, and sitegen writes its files only where they are',
    ],
    [
      'a link round a loop where .vscode/settings.json belongs',
      () => symlink('settings.json', settingsFile()),
      '.vscode/settings.json',
      'it is a link, and sitegen writes its files only where they are',
    ],
  ] as const) {
    it(`says so on one line naming the file, exits 2 and writes nothing, given ${what}`, async () => {
      await place();
      const before = await readdir(root, { recursive: true });
      const { code, stderr } = await runSchemas();
      expect(code).toBe(2);
      expect(stderr).toBe(`sitegen: cannot write ${file}: ${reason}, so nothing was written: move it away and run sitegen schemas again\n`);
      expect(await readdir(root, { recursive: true })).toEqual(before);
      expect(await readdir(outside)).toEqual([]);
    });
  }

  it('says it cannot remove a stale schema that is a folder, before writing anything', async () => {
    await mkdir(path.join(root, 'content/.schemas/stale.json'), { recursive: true });
    const before = await readdir(root, { recursive: true });
    const { code, stderr } = await runSchemas();
    expect(code).toBe(2);
    expect(stderr).toBe(
      'sitegen: cannot remove content/.schemas/stale.json: it is not a file (a folder, or a file where one of its folders should be), so nothing was written: move it away and run sitegen schemas again\n',
    );
    expect(await readdir(root, { recursive: true })).toEqual(before);
  });
});
