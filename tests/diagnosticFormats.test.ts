import type { Link, Nodes, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExcerpts } from '../src/diagnosticExcerpts.ts';
import {
  browserDiagnostics,
  describeCrash,
  diagnosticsJson,
  formatDiagnostics,
  githubCommands,
  sourceLinksFromRemote,
  stepSummary,
  SUMMARY_ROWS,
  systemFaultLine,
} from '../src/diagnosticFormats.ts';
import { atPath, systemFault } from '../src/systemFault.ts';
import { diagnostic, FILE_START, warning } from '../src/diagnostics.ts';
import { parseYaml } from '../src/yaml/yamlSource.ts';
import { RULES, SCHEMA_CODES } from '../src/rules.ts';
import { HIDDEN, HOSTILE_NAMES, hostileNames, markdownTree, visible } from './helpers/hostileText.ts';

const list = [
  diagnostic('/p/content/site.yaml', { line: 52, column: 17, endLine: 52, endColumn: 24 }, 'link/broken', 'broken link "/legals"'),
  diagnostic('/p/content/articles/a.md', { line: 6, column: 11 }, 'link/broken', 'broken link "/prices"'),
  warning('/p/content/articles/a.md', { line: 2, column: 8 }, 'article/duplicate-title', 'same title'),
];

describe('diagnostics as text', () => {
  it('keeps one line per problem, with each hint once, under the first problem it applies to, and where its rule is explained once', () => {
    expect(formatDiagnostics(list, '/p').split('\n')).toEqual([
      'content/articles/a.md:2:8  warning: same title  [article/duplicate-title]',
      `    hint: ${SCHEMA_CODES['duplicate-title'].hint}`,
      '    docs: docs/editors/rules.md#kindduplicate-title',
      'content/articles/a.md:6:11  broken link "/prices"  [link/broken]',
      `    hint: ${RULES['link/broken'].hint}`,
      '    docs: docs/editors/rules.md#linkbroken',
      'content/site.yaml:52:17  broken link "/legals"  [link/broken]',
      '2 errors and 1 warning in 2 files',
    ]);
  });

  it('names the page of a site rule that declares one, and none for one that does not', () => {
    const own = {
      ...diagnostic('/p/content/pricing.yaml', { line: 3, column: 5 }, 'link/broken', 'too many plans'),
      rule: 'pricing/plans' as const,
      hint: 'keep three',
    };
    const lines = formatDiagnostics([{ ...own, docs: 'docs/editors/pricing.md#plans' }], '/p').split('\n');
    expect(lines.slice(1, 3)).toEqual(['    hint: keep three', '    docs: docs/editors/pricing.md#plans']);
    expect(formatDiagnostics([own], '/p').split('\n')).toEqual([
      'content/pricing.yaml:3:5  too many plans  [pricing/plans]',
      '    hint: keep three',
      '1 error in 1 file',
    ]);
  });
});

describe('code frames of problems read from their files', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-frames-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('shows a schema problem with its line and neighbours, the carets under the value it is about', async () => {
    const file = path.join(dir, 'value-banks.md');
    const frontmatter = ['title: Value Banks', 'author: Priya Nair', 'category: Analytic', 'tags: [value-bank]'];
    await writeFile(file, ['---', ...frontmatter, '---', '', 'Text.', ''].join('\n'));
    // The place the schema's checks give a value: where the YAML says it is.
    const at = parseYaml(file, frontmatter.join('\n'), 1).locate(['category']);
    const framed = await withExcerpts([diagnostic(file, at, 'article/invalid-value', 'category: "Analytic" is not allowed')]);
    expect(formatDiagnostics(framed, dir).split('\n')).toEqual([
      'value-banks.md:4:11  category: "Analytic" is not allowed  [article/invalid-value]',
      '      3 | author: Priya Nair',
      '    > 4 | category: Analytic',
      '        |           ^^^^^^^^',
      '      5 | tags: [value-bank]',
      `    hint: ${SCHEMA_CODES['invalid-value'].hint}`,
      '    docs: docs/editors/rules.md#kindinvalid-value',
      '1 error in 1 file',
    ]);
  });

  it('shows a broken link in a long paragraph: the part of the line around it, the carets under the link', async () => {
    const file = path.join(dir, 'deck.md');
    const before = `${'A sponsorship deck is read in a hurry, so every page must earn its place. '.repeat(4)}See `;
    await writeFile(file, ['---', 'title: Deck', '---', '', `${before}[the guide](/articles/gone) for more. ${'Keep it short. '.repeat(8)}`, ''].join('\n'));
    const link = { line: 5, column: before.length + 1, endLine: 5, endColumn: before.length + 28 };
    const [framed] = await withExcerpts([diagnostic(file, link, 'link/broken', 'broken link "/articles/gone"')]);
    const [, line, carets, hint] = formatDiagnostics([framed!], dir).split('\n');
    expect(line).toMatch(/^ {4}> 5 \| …[^…]+ See \[the guide\]\(\/articles\/gone\) for more\.[^…]+…$/);
    expect(line!.length).toBeLessThanOrEqual(120);
    const start = carets!.indexOf('^');
    expect(line!.slice(start, start + 27)).toBe('[the guide](/articles/gone)');
    expect(carets!.slice(start)).toBe('^'.repeat(27));
    expect(hint).toBe(`    hint: ${RULES['link/broken'].hint}`);
  });

  it('has no frame for a problem with a whole file, or a file that is gone', async () => {
    const file = path.join(dir, 'Bad Name.md');
    await writeFile(file, '---\ntitle: x\n---\n');
    const framed = await withExcerpts([
      diagnostic(file, FILE_START, 'content/slug', 'file name "Bad Name.md" must be a lowercase slug'),
      diagnostic(path.join(dir, 'gone.md'), { line: 2, column: 1 }, 'link/broken', 'broken link'),
    ]);
    expect(framed.map((d) => d.excerpt)).toEqual([undefined, undefined]);
  });
});

describe('diagnostics for the browser', () => {
  it("name each rule's page, which the overlay links on GitHub when the repository is known", () => {
    expect(browserDiagnostics(list, '/p').map((d) => [d.file, d.docs])).toEqual([
      ['content/articles/a.md', 'docs/editors/rules.md#kindduplicate-title'],
      ['content/articles/a.md', 'docs/editors/rules.md#linkbroken'],
      ['content/site.yaml', 'docs/editors/rules.md#linkbroken'],
    ]);
    const links = { blob: 'https://github.com/touchline/web/blob/HEAD' };
    const remotes = [
      'git@github.com:touchline/web.git\n',
      'https://github.com/touchline/web',
      'ssh://git@github.com/touchline/web.git',
      'https://github.com/touchline/web.git/',
    ];
    expect(remotes.map(sourceLinksFromRemote)).toEqual(remotes.map(() => links));
    expect(['https://gitlab.com/touchline/web.git', 'git@github.com.evil.example:t/web.git', ''].map(sourceLinksFromRemote)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('diagnostics as JSON', () => {
  it('is one array in the order of the text, paths relative to the folder given, an unknown end null', () => {
    const [first, , last] = JSON.parse(diagnosticsJson(list, '/p')) as Record<string, unknown>[];
    expect(first).toEqual({
      file: 'content/articles/a.md',
      line: 2,
      column: 8,
      endLine: null,
      endColumn: null,
      severity: 'warning',
      rule: 'article/duplicate-title',
      message: 'same title',
      hint: SCHEMA_CODES['duplicate-title'].hint,
      docs: 'docs/editors/rules.md#kindduplicate-title',
    });
    expect(last).toMatchObject({ file: 'content/site.yaml', line: 52, column: 17, endLine: 52, endColumn: 24, severity: 'error' });
    expect(diagnosticsJson([], '/p')).toBe('[]');
  });
});

describe('diagnostics as GitHub workflow commands', () => {
  it('prints one command per problem, with its end when known and the rule as the title; the hint on a second line', () => {
    expect(githubCommands(list, '/p', undefined).split('\n')).toEqual([
      `::warning file=content/articles/a.md,line=2,col=8,title=article/duplicate-title (docs/editors/rules.md#kindduplicate-title)::same title%0Ahint: ${SCHEMA_CODES['duplicate-title'].hint}`,
      `::error file=content/articles/a.md,line=6,col=11,title=link/broken (docs/editors/rules.md#linkbroken)::broken link "/prices"%0Ahint: ${RULES['link/broken'].hint}`,
      `::error file=content/site.yaml,line=52,col=17,endLine=52,endColumn=24,title=link/broken (docs/editors/rules.md#linkbroken)::broken link "/legals"%0Ahint: ${RULES['link/broken'].hint}`,
    ]);
    expect(githubCommands([], '/p', undefined)).toBe('');
    // In a run whose commit is known, the title links the commit's copy of the catalogue.
    expect(githubCommands(list.slice(1, 2), '/p', { blob: 'https://github.com/t/web/blob/abc' })).toMatch(
      /,title=link\/broken \(https%3A\/\/github.com\/t\/web\/blob\/abc\/docs\/editors\/rules.md#linkbroken\)::/,
    );
  });

  it("escapes %, CR and LF in properties, and also : and ,; shows the message's CR and LF as \\r and \\n, so no text can end a command early", () => {
    const hostile = diagnostic(
      '/p/content/articles/50%, off: now.md',
      { line: 3, column: 1 },
      'link/broken',
      'line one\r\nline two: 100% sure, ::error file=x::injected',
    );
    const [command] = githubCommands([hostile], '/p', undefined).split('\n');
    expect(command).toBe(
      `::error file=content/articles/50%25%2C off%3A now.md,line=3,col=1,title=link/broken (docs/editors/rules.md#linkbroken)::line one\\r\\nline two: 100%25 sure, ::error file=x::injected%0Ahint: ${RULES['link/broken'].hint}`,
    );
    // One line: the runner cannot read a second command out of it.
    expect(githubCommands([hostile], '/p', undefined).split('\n')).toHaveLength(1);
  });
});

describe('the GitHub step summary', () => {
  it('gives the counts and a table of the problems, each linked to its line in the commit', () => {
    const summary = stepSummary('sitegen check', list, '/p', { blob: 'https://github.com/t/web/blob/abc' });
    expect(summary.split('\n')).toEqual([
      '### sitegen check: 2 errors and 1 warning in 2 files',
      '',
      '| | where | problem | rule |',
      '|---|---|---|---|',
      '| warning | [content/articles/a.md:2:8](https://github.com/t/web/blob/abc/content/articles/a.md#L2) | same title | `article/duplicate-title` |',
      '| error | [content/articles/a.md:6:11](https://github.com/t/web/blob/abc/content/articles/a.md#L6) | broken link "/prices" | `link/broken` |',
      '| error | [content/site.yaml:52:17](https://github.com/t/web/blob/abc/content/site.yaml#L52) | broken link "/legals" | `link/broken` |',
      '',
    ]);
  });

  it('shows names and messages as written: no cell, link, code span or HTML element can be opened or closed by them', () => {
    const hostile = diagnostic(
      '/p/content/pages/a|b) [x]_`y`.yaml',
      { line: 1, column: 1 },
      'link/broken',
      'title "<details><img src=x> *bold* & more"\nsecond line | cell',
    );
    const [, , , , row] = stepSummary('sitegen check', [hostile], '/p', { blob: 'https://github.com/t/web/blob/abc' }).split('\n');
    expect(row).toBe(
      '| error | [content/pages/a\\|b) \\[x\\]\\_\\`y\\`.yaml:1:1](https://github.com/t/web/blob/abc/content/pages/a%7Cb%29%20%5Bx%5D_%60y%60.yaml#L1) | title "&lt;details&gt;&lt;img src=x&gt; \\*bold\\* &amp; more"\\\\nsecond line \\| cell | `link/broken` |',
    );
  });

  it(`lists the first ${SUMMARY_ROWS} problems and says how many more there are; a clean run says so`, () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      diagnostic(`/p/content/articles/a${String(i).padStart(3, '0')}.md`, { line: 1, column: 1 }, 'link/broken', `problem ${i}`),
    );
    const lines = stepSummary('sitegen build', many, '/p').split('\n');
    expect(lines[0]).toBe('### sitegen build: 120 errors in 120 files');
    expect(lines.filter((l) => l.startsWith('| error |'))).toHaveLength(SUMMARY_ROWS);
    expect(lines.at(-2)).toBe("…and 70 more: see the log, or the annotations on the pull request's files.");
    expect(stepSummary('sitegen check', [], '/p')).toBe('### sitegen check: no problems\n');
  });
});

describe('hostile file names and messages, in every format', () => {
  // One problem per name, the name in its file and quoted in its message: the trial's names, then a seeded mix.
  const names = [...new Set([...HOSTILE_NAMES, ...hostileNames(11, 80)])];
  /** The content file of the i-th problem: numbered, so that the formats' order is the names' (a file name holds no `/`). */
  const fileOf = (i: number) => `content/${String(i).padStart(3, '0')}-${names[i]!.replaceAll('/', '_')}.md`;
  const hostile = names.map((name, i) => diagnostic(`/p/${fileOf(i)}`, { line: i + 1, column: 1 }, 'link/broken', `broken link "${name}"`));
  const all = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(all) : [])];

  it('text: one line per problem, its frame, its hint and page once and the counts; nothing hidden reaches the terminal', () => {
    // Each problem's frame shows a line of its file holding the name.
    const framed = hostile.map((d, i) => ({ ...d, excerpt: { line: i + 1, text: [`[x](${names[i]!})`] } }));
    const lines = formatDiagnostics(framed, '/p').split('\n');
    expect(lines).toHaveLength(names.length * 3 + 3);
    for (const line of lines) expect(line).not.toMatch(HIDDEN);
    expect(lines.filter((line) => line.startsWith('::'))).toEqual([]);
    expect(lines[0]).toBe('content/000-x\\n::warning file=x::injected.md:1:1  broken link "x\\n::warning file=x::injected"  [link/broken]');
    expect(lines.at(-1)).toBe(`${names.length} errors in ${names.length} files`);
  });

  it('github: one command per problem, no hidden character but in the file it names, every file named exactly', () => {
    const commands = githubCommands(hostile, '/p', undefined).split('\n');
    expect(commands).toHaveLength(names.length);
    commands.forEach((command, i) => {
      const [, props, message] = /^::error ([^]*?)::([^]*)$/.exec(command) ?? [];
      // What the runner reads back: %0D, %0A, %3A, %2C and %25 unescaped.
      const unescape = (text: string) => text.replace(/%(0D|0A|3A|2C|25)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const file = props!
        .split(',')
        .find((p) => p.startsWith('file='))!
        .slice('file='.length);
      expect(unescape(file)).toBe(fileOf(i));
      const [first, hint, ...more] = unescape(message!).split('\n');
      expect({ first, hint, more }).toEqual({ first: expect.not.stringMatching(HIDDEN), hint: `hint: ${RULES['link/broken'].hint}`, more: [] });
    });
  });

  it('json: every name and message exactly as it is', () => {
    const parsed = JSON.parse(diagnosticsJson(hostile, '/p')) as { file: string; message: string }[];
    expect(parsed.map((d) => d.message)).toEqual(names.map((name) => `broken link "${name}"`));
    expect(parsed.map((d) => d.file)).toEqual(names.map((_, i) => fileOf(i)));
  });

  it('step summary: a table of one row of four cells per problem, names and messages as written, links only to their files', () => {
    const shown = hostile.slice(0, SUMMARY_ROWS);
    const tree = markdownTree(stepSummary('sitegen check', shown, '/p', { blob: 'https://github.com/t/web/blob/abc' }));
    expect(tree.children.map((n) => n.type)).toEqual(['heading', 'table']);
    const table = tree.children[1] as Table;
    expect(table.children.map((row) => row.children.length)).toEqual(Array.from({ length: shown.length + 1 }, () => 4));
    table.children.slice(1).forEach((row, i) => {
      const name = names[i]!;
      const [, where, problem] = row.children;
      const links = all(where!).filter((n): n is Link => n.type === 'link');
      expect(
        links.map((l) => l.url),
        name,
      ).toEqual([
        `https://github.com/t/web/blob/abc/content/${encodeURIComponent(fileOf(i).slice('content/'.length)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}#L${i + 1}`,
      ]);
      expect(toString(where), name).toBe(visible(`${fileOf(i)}:${i + 1}:1`));
      expect(toString(problem), name).toBe(visible(`broken link "${name}"`));
    });
    expect(all(tree).filter((n) => n.type === 'html' || (n.type === 'inlineCode' && !Object.hasOwn(RULES, n.value)))).toEqual([]);
  });
});

describe('a crash’s code frame', () => {
  /** A crash whose stack's first frame points at `column` of line 2 of a template written for it: the frame's caret line. */
  const caretUnder = (source: string, column: number) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-crash-'));
    try {
      const file = path.join(dir, 'Article.tsx');
      writeFileSync(file, `export function Article({ article }) {\n${source}\n}\n`);
      const crash = new Error('the card has no sponsor');
      crash.stack = `Error: the card has no sponsor\n    at Article (${file}:2:${column})`;
      const lines = describeCrash(crash, dir).split('\n');
      const caret = lines[lines.findIndex((l) => /^ {4}> +2 \| /.test(l)) + 1]!;
      return source.slice(caret.indexOf('^') - caret.indexOf('|') - 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('puts the caret under the throw when the stack points at its new Error', () => {
    const line = "  if (!article.sponsor) throw new Error('the card has no sponsor');";
    expect(caretUnder(line, line.indexOf('new') + 1)).toMatch(/^throw new Error/);
  });

  it('leaves the caret where the stack points otherwise', () => {
    const line = "  const sponsor = article.sponsors.find((s) => s.lead) ?? fail(new Error('no lead'));";
    expect(caretUnder(line, line.indexOf('new') + 1)).toMatch(/^new Error\('no lead'\)/);
    expect(caretUnder(line, line.indexOf('find') + 1)).toMatch(/^find\(/);
  });

  it('shows an anonymous function of a template as the frame, and folds frames in no file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-crash-'));
    try {
      const file = path.join(dir, 'NotFound.tsx');
      writeFileSync(file, `export default definePage(schema, () => {\n  throw new Error('no page');\n});\n`);
      const crash = new Error('no page');
      crash.stack = `Error: no page\n    at <anonymous> (${file}:2:9)\n    at new Promise (<anonymous>)\n    at renderPage (${dir}/node_modules/react-dom/x.js:1:1)`;
      const lines = describeCrash(crash, dir).split('\n');
      expect(lines[1]).toBe('    at <anonymous> (NotFound.tsx:2:9)');
      expect(lines).toContain("    > 2 |   throw new Error('no page');");
      expect(lines.at(-1)).toBe('    … 2 frames in node_modules/ and Node');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a refusal of the system', () => {
  /** An error as Node throws it when the system refuses `syscall` on `file` (a write to an open file names none). */
  const refused = (code: string, syscall: string, file?: string) =>
    Object.assign(new Error(`${code}: refused, ${syscall}`), { code, syscall, ...(file && { path: file }) });

  it('is one line with the path, the fault in words and what was kept, never a stack', () => {
    const cwd = '/project';
    const full = refused('ENOSPC', 'write', '/project/.dist.sitegen/1/index.html');
    expect(systemFaultLine(systemFault(full)!, 'the previous output in dist is unchanged', cwd)).toBe(
      'sitegen: cannot write .dist.sitegen/1/index.html: the disk is full (ENOSPC); the previous output in dist is unchanged',
    );
    expect(describeCrash(refused('EROFS', 'open', '/mnt/site/x'), cwd)).toBe('sitegen: cannot write /mnt/site/x: the file system is read-only (EROFS)');
    expect(describeCrash(refused('EACCES', 'scandir', '/project/content/articles'), cwd)).toBe(
      'sitegen: cannot read content/articles: permission is refused (it, or its folder, is read-only to this user) (EACCES)',
    );
    // Raised by a page's render (the page's fault around it), as a worker thread hands it over.
    expect(describeCrash(new Error('rendering /about failed', { cause: refused('EDQUOT', 'write', '/project/dist/about/index.html') }), cwd)).toBe(
      'sitegen: cannot write dist/about/index.html: the disk quota of this user is used up (EDQUOT)',
    );
  });

  it('names the file a write to an open file failed on, which Node leaves out', () => {
    expect(systemFault(atPath(refused('ENOSPC', 'write'), '/tmp/site/a.html'))).toEqual({
      path: '/tmp/site/a.html',
      code: 'ENOSPC',
      doing: 'write',
      words: 'the disk is full',
    });
    expect(systemFault(new Error('not the system'))).toBeUndefined();
    expect(systemFault(refused('ENOENT', 'open', '/x'))).toBeUndefined();
  });
});
