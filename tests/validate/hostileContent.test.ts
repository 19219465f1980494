import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { projectCopy } from '../helpers/project.ts';
import { publishedArticles } from '../helpers/realContent.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

async function problems(): Promise<{ code: number; lines: string[] }> {
  const { code, stdout } = await runCli('check', '--content', fx.content);
  const prefix = path.relative(process.cwd(), fx.content) + path.sep;
  return {
    code,
    lines: stdout
      .split('\n')
      .filter((line) => /:\d+:\d+ {2}/.test(line))
      .map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line)),
  };
}

describe('hostile content', () => {
  it('reports 10,000 nested blockquotes as an error with file and line, instead of a stack overflow', async () => {
    await fx.edit('articles/second-look.md', (t) => `${t}\n${'>'.repeat(10_000)} deep\n`);
    const { code, lines } = await problems();
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^articles\/second-look\.md:\d+:1 {2}blockquotes are nested 10000 deep here; at most 32 are read {2}\[markdown\/too-deep\]$/),
    ]);
  });

  it("reports a YAML alias bomb at its alias, in every format, instead of the library's bare refusal", async () => {
    const bomb = [
      'lol: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
      ...'bcdefg'.split('').map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefg'[i]}`).join(', ')}]`),
    ];
    await fx.edit('pages/legal.yaml', (t) => `${t}\n${bomb.join('\n')}\n`);
    const line = (await readFile(fx.file('pages/legal.yaml'), 'utf8')).split('\n').findIndex((l) => l.startsWith('c: ')) + 1;
    const { code, lines } = await problems();
    expect(code).toBe(1);
    expect(lines).toEqual([
      `pages/legal.yaml:${line}:8  the alias *b repeats a value that itself repeats others, and the file would grow to more values than any content has: the file is not read  [yaml/alias-bomb]`,
    ]);
    const json = await runCli('check', '--content', fx.content, '--format', 'json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/pages\/legal\.yaml$/), line, column: 8, rule: 'yaml/alias-bomb' }),
    ]);
    const github = await runCli('check', '--content', fx.content, '--format', 'github');
    expect(github.stdout).toMatch(
      new RegExp(`^::error file=[^,]*pages/legal\\.yaml,line=${line},col=8,.*title=yaml/alias-bomb \\(docs/editors/rules\\.md#yamlalias-bomb\\)::`, 'm'),
    );
  });

  it('says a frontmatter block is never closed, at its opening line, instead of calling it missing', async () => {
    await fx.edit('articles/second-look.md', (t) => t.replace(/\n---\n/, '\n\n'));
    const { code, lines } = await problems();
    expect(code).toBe(1);
    expect(lines).toContainEqual(
      'articles/second-look.md:1:1  the frontmatter block that starts here is never closed: end it with a line --- after its last key  [markdown/frontmatter]',
    );
  });

  it('refuses a date before 1900, which would be shown as "January 1, 1"', async () => {
    await fx.edit('articles/second-look.md', (t) => t.replace(/^date: .*$/m, 'date: 0000-01-01'));
    const { code, lines } = await problems();
    expect(code).toBe(1);
    expect(lines).toEqual([
      'articles/second-look.md:3:7  date: "0000-01-01" is before 1900: a date of the site is when something was published or takes effect, written in full, such as 2024-07-08  [article/invalid-date]',
    ]);
  });

  it('warns about two articles with the same title, at each title, and still builds', async () => {
    await fx.edit('articles/second-look.md', (t) => t.replace(/^title: .*$/m, 'title: "First steps with  sponsorship inventory"'));
    const { code, lines } = await problems();
    expect(code).toBe(0);
    expect(lines).toEqual([
      'articles/first-steps.md:2:8  warning: the title "First Steps With Sponsorship Inventory" is also the title of second-look.md: readers cannot tell them apart in lists  [article/duplicate-title]',
      'articles/second-look.md:2:8  warning: the title "First steps with  sponsorship inventory" is also the title of first-steps.md: readers cannot tell them apart in lists  [article/duplicate-title]',
    ]);
  });

  it('reports a thumbnail that is not an image, and an SVG with no size, instead of inventing a size', async () => {
    // Images go in public/: a private copy of the project, never the checkout.
    const project = await projectCopy();
    try {
      await writeFile(project.file('public/images/broken.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 4, 0x49, 0x48]));
      await writeFile(project.file('public/images/sizeless.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
      // Two articles of the real site, in the order of their files, which is the order of the report.
      const [sizeless, broken] = publishedArticles()
        .slice(0, 2)
        .sort((a, b) => a.file.localeCompare(b.file));
      await project.edit(broken!.file, (t) => t.replace(/thumbnail: .*/, 'thumbnail: /images/broken.png'));
      await project.edit(sizeless!.file, (t) => t.replace(/thumbnail: .*/, 'thumbnail: /images/sizeless.svg'));
      const { code, stdout } = await project.run(['check']);
      expect(code).toBe(1);
      const reason = 'cannot be read as an image (damaged, empty, or an SVG without width, height or viewBox): replace the file  [asset/undecodable]';
      expect(stdout.split('\n').filter((line) => line.includes('[asset/'))).toEqual([
        expect.stringMatching(new RegExp(`^${escape(sizeless!.file)}:\\d+:12  image "/images/sizeless\\.svg" ${escape(reason)}$`)),
        expect.stringMatching(new RegExp(`^${escape(broken!.file)}:\\d+:12  image "/images/broken\\.png" ${escape(reason)}$`)),
      ]);
    } finally {
      await project.remove();
    }
  }, 60_000);
});
