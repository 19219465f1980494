import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeCrash } from '../../src/diagnosticFormats.ts';
import { RULES, SCHEMA_CODES } from '../../src/rules.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { HIDDEN } from '../helpers/hostileText.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fx.remove();
});

/** A content file's path as tools are given it: relative to where sitegen runs. */
const relative = (file: string) => path.relative(process.cwd(), fx.file(file));
/** A second article with the title of second-look.md: a warning at each of the two titles. */
const sameTitle = () => copyFile(fx.file('articles/second-look.md'), fx.file('articles/second-look-again.md'));
const titleWarning = (file: string) => ({
  file: relative(file),
  line: 2,
  column: 8,
  endLine: 2,
  endColumn: 33,
  severity: 'warning',
  rule: 'article/duplicate-title',
  message: expect.stringMatching(/^the title "A Second Look at Renewals" is also the title of second-look/),
  hint: SCHEMA_CODES['duplicate-title'].hint,
  docs: 'docs/editors/rules.md#kindduplicate-title',
});

describe('--format json', () => {
  it('prints an empty array, and nothing else, on stdout when the content is valid', async () => {
    const { code, stdout, stderr } = await runCli('check', '--content', fx.content, '--format', 'json');
    expect({ code, stdout }).toEqual({ code: 0, stdout: '[]\n' });
    expect(stderr).toMatch(/^content is valid \(\d+ ms\)\n$/);
  });

  it('prints every error and warning as one array: relative paths, where each problem starts and ends, its rule and hint; exit 1', async () => {
    await sameTitle();
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/third-look)'));
    await fx.edit('pages/index.yaml', (t) => t.replace('    heading: A small site for tests.', '    headng: A small site for tests.'));
    const { code, stdout, stderr } = await runCli('check', '--content', fx.content, '--format', 'json');
    // The counts are the run's summary, on stderr, so that stdout stays one array for tools.
    expect({ code, stderr }).toEqual({ code: 1, stderr: '2 errors and 2 warnings in 4 files\n' });
    const problems = JSON.parse(stdout) as unknown[];
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: relative('articles/first-steps.md'),
          line: 17,
          column: 63,
          endLine: 17,
          endColumn: 105,
          severity: 'error',
          rule: 'link/broken',
          message: 'broken link "/articles/third-look": no page or file has the path /articles/third-look',
          hint: RULES['link/broken'].hint,
          docs: 'docs/editors/rules.md#linkbroken',
        },
        {
          file: relative('pages/index.yaml'),
          line: 6,
          column: 5,
          endLine: 6,
          endColumn: 11,
          severity: 'error',
          rule: 'page/unknown-key',
          message: expect.stringMatching(/^unknown key "headng"; did you mean "heading"\?/),
          hint: SCHEMA_CODES['unknown-key'].hint,
          docs: 'docs/editors/rules.md#kindunknown-key',
        },
        titleWarning('articles/second-look.md'),
        titleWarning('articles/second-look-again.md'),
      ]),
    );
  });

  it('prints the warnings of a build that succeeds on stdout, and the summary on stderr', async () => {
    await sameTitle();
    const { code, stdout, stderr } = await runCli('build', '--content', fx.content, '--out', fx.out, '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(
      [titleWarning('articles/second-look-again.md'), titleWarning('articles/second-look.md')].sort((a, b) => a.file.localeCompare(b.file)),
    );
    expect(stderr).toMatch(/^built 9 pages and \d+ assets .+ in \d+ ms\n$/);
  });

  it('refuses a format it does not know as a usage error (exit 2)', async () => {
    const { code, stdout, stderr } = await runCli('check', '--content', fx.content, '--format', 'xml');
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain("option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json, github.");
  });
});

describe('under GitHub Actions', () => {
  it('annotates each problem by default, named from the checkout, and appends the counts and a table to the step summary', async () => {
    const summary = path.join(fx.dir, 'step-summary.md');
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    vi.stubEnv('GITHUB_WORKSPACE', fx.dir);
    vi.stubEnv('GITHUB_STEP_SUMMARY', summary);
    vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com');
    vi.stubEnv('GITHUB_REPOSITORY', 'touchline/web');
    vi.stubEnv('GITHUB_SHA', '0123abc');
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/third-look)'));
    const { code, stdout, stderr } = await runCli('check', '--content', fx.content);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '1 error in 1 file\n' });
    // Where the repository is checked out, not where sitegen runs: GitHub puts the annotation on content/articles/first-steps.md.
    expect(stdout).toBe(
      `::error file=content/articles/first-steps.md,line=17,col=63,endLine=17,endColumn=105,title=link/broken (https%3A//github.com/touchline/web/blob/0123abc/docs/editors/rules.md#linkbroken)::broken link "/articles/third-look": no page or file has the path /articles/third-look%0Ahint: ${RULES['link/broken'].hint}\n`,
    );
    const written = await readFile(summary, 'utf8');
    expect(written).toContain('### sitegen check: 1 error in 1 file\n');
    expect(written).toContain(
      '| error | [content/articles/first-steps.md:17:63](https://github.com/touchline/web/blob/0123abc/content/articles/first-steps.md#L17) |',
    );

    // A second step appends its own summary below the first; --format still chooses the output.
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/third-look)', '(/articles/second-look)'));
    const clean = await runCli('check', '--content', fx.content, '--format', 'text');
    expect({ code: clean.code, stderr: clean.stderr }).toMatchObject({ code: 0, stderr: expect.stringMatching(/^content is valid/) });
    expect(await readFile(summary, 'utf8')).toBe(`${written}### sitegen check: no problems\n\n`);
  });
});

describe('a content file whose name holds a newline, a workflow command and a bidi override', () => {
  const NAME = 'articles/x\n::warning file=x::injected\u202e.md';

  it('is one line per problem in the text format, shown with escapes; one command per problem for GitHub; exact in JSON', async () => {
    await copyFile(fx.file('articles/second-look.md'), fx.file(NAME));
    const text = await runCli('check', '--content', fx.content);
    expect(text.code).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    // Three problems (the slug, the title seen from each file), a frame of four lines under each title, two hints, two pages, the counts: nothing else.
    expect(lines).toHaveLength(16);
    expect(lines.at(-1)).toBe('1 error and 2 warnings in 2 files');
    for (const line of lines) expect(line).not.toMatch(HIDDEN);
    expect(lines.filter((line) => !/^(?: {4}(?:hint|docs): | {4}[> ] \d+ \| | {8}\| +\^+$|\S.*:\d+:\d+ {2}|1 error)/.test(line))).toEqual([]);
    expect(lines).toContain(
      `${relative('articles/x\\n::warning file=x::injected\\u202e.md')}:1:1  file name "x\\n::warning file=x::injected\\u202e.md" must be a lowercase slug such as my-entry.md  [content/slug]`,
    );

    const github = await runCli('check', '--content', fx.content, '--format', 'github');
    const commands = github.stdout.trimEnd().split('\n');
    expect(commands).toHaveLength(3);
    for (const command of commands) expect(command).toMatch(/^::(?:error|warning) file=/);

    const json = JSON.parse((await runCli('check', '--content', fx.content, '--format', 'json')).stdout) as { file: string }[];
    expect(json.map((d) => d.file)).toContain(relative(NAME));
  });

  it("is one line in a crash's report, before the stack frames and the code frame", () => {
    const crash = new Error('content/articles/x\n::error::injected.md: rendering /articles/x failed');
    const [first, ...frames] = describeCrash(crash).split('\n');
    expect(first).toBe('sitegen: content/articles/x\\n::error::injected.md: rendering /articles/x failed');
    expect(frames.length).toBeGreaterThan(0);
    // Every line after it is a frame, a line of the code frame under the first, or the folded frames' count.
    for (const frame of frames) expect(frame).toMatch(/^ {4}(at |[> ] +\d+ \| | +\| +\^|… \d+ frames? in node_modules)/);
  });
});
