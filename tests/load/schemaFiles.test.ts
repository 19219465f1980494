import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

/*
 * `check` fails, naming the command, when the committed editor schemas are not what
 * `sitegen schemas` writes, and passes once it has been run: in a copy of the project, as users
 * run sitegen.
 */

let project: Project;
beforeAll(async () => {
  project = await projectCopy();
}, 60_000);
afterAll(() => project?.remove());

const SCHEMAS = 'content/.schemas';
/** The schema problems of `check`'s text output, one per line, without the hints: the content's own warnings are its editors'. */
const problemLines = (stdout: string) => stdout.split('\n').filter((line) => line.endsWith('  [schemas/outdated]'));

describe('check compares the committed schemas with the definition', () => {
  it('passes on the project as committed', async () => {
    const { code, stdout } = await project.run(['check']);
    expect(problemLines(stdout)).toEqual([]);
    expect(code).toBe(0);
  });

  it('reports an edited, a deleted and a left-over schema file and a stale editor mapping, each naming the command; sitegen schemas repairs them all', async () => {
    const site = await readFile(project.file(`${SCHEMAS}/site.schema.json`), 'utf8');
    const settings = await readFile(project.file('.vscode/settings.json'), 'utf8');
    // A pattern edited by hand: the line of the change is where check points.
    await project.edit(`${SCHEMAS}/site.schema.json`, (t) => t.replace('"^#[0-9a-fA-F]{6}$"', '"^#[0-9a-f]{3}$"'));
    const edited = (await readFile(project.file(`${SCHEMAS}/site.schema.json`), 'utf8')).split('\n').findIndex((line) => line.includes('{3}')) + 1;
    await rm(project.file(`${SCHEMAS}/pages.schema.json`));
    await writeFile(project.file(`${SCHEMAS}/case-studies.frontmatter.schema.json`), '{}\n');
    await project.edit('.vscode/settings.json', (t) => t.replace('"content/pages/*.yaml"', '"content/pages/*.yml"'));

    const checked = await project.run(['check']);
    expect(checked.code).toBe(1);
    const settingsLine = settings.split('\n').findIndex((line) => line.includes('"yaml.schemas"')) + 1;
    expect(problemLines(checked.stdout)).toEqual([
      `.vscode/settings.json:${settingsLine}:3  "yaml.schemas" does not map each schema to the YAML files it checks: run npx sitegen schemas and commit what it writes  [schemas/outdated]`,
      `${SCHEMAS}/case-studies.frontmatter.schema.json:1:1  no data file, page template or collection of templates/index.ts has this schema any more: run npx sitegen schemas and commit what it writes (it removes the file)  [schemas/outdated]`,
      `${SCHEMAS}/pages.schema.json:1:1  the schema of content/pages/*.yaml is missing: run npx sitegen schemas and commit what it writes  [schemas/outdated]`,
      `${SCHEMAS}/site.schema.json:${edited}:1  the schema of content/site.yaml is out of date (from this line on, templates/ now declare it otherwise): run npx sitegen schemas and commit what it writes  [schemas/outdated]`,
    ]);
    expect(checked.stdout).toContain('hint: run npx sitegen schemas');

    const written = await project.run(['schemas']);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe(
      [
        `wrote ${SCHEMAS}/pages.schema.json`,
        `wrote ${SCHEMAS}/site.schema.json`,
        `removed ${SCHEMAS}/case-studies.frontmatter.schema.json (it describes nothing the site declares)`,
        'wrote "yaml.schemas" in .vscode/settings.json',
        `10 schemas in ${SCHEMAS}: 2 written, 8 unchanged, 1 removed`,
        '',
      ].join('\n'),
    );
    expect(await readFile(project.file(`${SCHEMAS}/site.schema.json`), 'utf8')).toBe(site);
    expect(await readFile(project.file('.vscode/settings.json'), 'utf8')).toBe(settings);
    const again = await project.run(['check']);
    expect(problemLines(again.stdout)).toEqual([]);
    expect(again.code).toBe(0);
  }, 60_000);

  it('keeps the user’s own yaml.schemas mappings through sitegen schemas, and check is clean with them; settings with comments are left as they are', async () => {
    const settings = await readFile(project.file('.vscode/settings.json'), 'utf8');
    const users = { 'https://json.schemastore.org/github-workflow.json': '.github/workflows/*.yml', './schemas/my-own.json': 'data/*.yaml' };
    await project.edit('.vscode/settings.json', (t) => {
      const parsed = JSON.parse(t) as Record<string, Record<string, string>>;
      return `${JSON.stringify({ 'editor.tabSize': 2, 'yaml.schemas': { ...users, ...parsed['yaml.schemas'], 'content/.schemas/old.schema.json': 'content/old.yaml' } }, null, 2)}\n`;
    });
    expect(problemLines((await project.run(['check'])).stdout)).toEqual([
      expect.stringMatching(/^\.vscode\/settings\.json:3:3 {2}"yaml\.schemas" does not map each schema/),
    ]);
    const written = await project.run(['schemas']);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain('wrote "yaml.schemas" in .vscode/settings.json');
    const kept = JSON.parse(await readFile(project.file('.vscode/settings.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(kept).toEqual({
      'editor.tabSize': 2,
      'yaml.schemas': { ...users, ...(JSON.parse(settings) as Record<string, Record<string, string>>)['yaml.schemas'] },
    });
    const checked = await project.run(['check']);
    expect({ code: checked.code, stdout: checked.stdout }).toEqual({ code: 0, stdout: '' });

    const commented = (await readFile(project.file('.vscode/settings.json'), 'utf8')).replace('{\n', '{\n  // the user’s note\n');
    await writeFile(project.file('.vscode/settings.json'), commented);
    const refused = await project.run(['schemas']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'sitegen: .vscode/settings.json is not plain JSON (comments or trailing commas?), so "yaml.schemas" was not written: remove them and run sitegen schemas again\n',
    );
    expect(await readFile(project.file('.vscode/settings.json'), 'utf8')).toBe(commented);
    await writeFile(project.file('.vscode/settings.json'), settings);
  }, 60_000);

  it('reports every schema of the project’s content/ when the whole folder is gone', async () => {
    await rm(project.file(SCHEMAS), { recursive: true });
    const { code, stdout } = await project.run(['check', '--format', 'json']);
    expect(code).toBe(1);
    const problems = JSON.parse(stdout) as { file: string; rule: string }[];
    expect(problems.map((p) => p.file)).toEqual(expect.arrayContaining([`${SCHEMAS}/site.schema.json`, `${SCHEMAS}/pages.schema.json`]));
    expect(new Set(problems.map((p) => p.rule))).toEqual(new Set(['schemas/outdated']));
    expect(problems).toHaveLength(10);
  }, 60_000);
});

describe('a content folder other than the project’s', () => {
  it('is compared only once it has schemas of its own, and sitegen schemas leaves the editor settings alone for it', async () => {
    const fx = await fixtureCopy();
    const settings = await readFile(path.resolve(import.meta.dirname, '../../.vscode/settings.json'), 'utf8');
    try {
      const before = await runCli('check', '--content', fx.content);
      expect(before.stdout).toBe('');
      expect(before.code).toBe(0);
      const written = await runCli('schemas', '--content', fx.content);
      expect(written.code).toBe(0);
      expect(written.stdout).toContain(".vscode/settings.json is left as it is: it maps the schemas of the project's content/ folder");
      expect(await readFile(path.resolve(import.meta.dirname, '../../.vscode/settings.json'), 'utf8')).toBe(settings);
      expect((await runCli('check', '--content', fx.content)).code).toBe(0);
      await rm(fx.file('.schemas/legal.frontmatter.schema.json'));
      const { code, stdout } = await runCli('check', '--content', fx.content);
      expect(code).toBe(1);
      expect(stdout).toContain(
        '.schemas/legal.frontmatter.schema.json:1:1  the schema of the frontmatter of content/legal/*.md is missing: run npx sitegen schemas',
      );
    } finally {
      await fx.remove();
    }
  });
});
