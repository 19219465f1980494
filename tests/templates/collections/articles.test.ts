import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCopy, runCli } from '../../helpers/fixture.ts';

/**
 * The articles' own checks (templates/collections/articles.ts): each article's reading time
 * against the bounds editors set in site.yaml, and one featured article. Both are warnings: the
 * site is built, and the editor sees the problem at its place.
 */
let copy: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => (copy = await fixtureCopy()));
afterEach(() => copy.remove());

const check = async () => {
  const { code, stdout } = await runCli('check', '--content', copy.content, '--format', 'json');
  return {
    code,
    problems: (JSON.parse(stdout) as { file: string; line: number; column: number; rule: string; severity: string; message: string }[]).map((p) => ({
      ...p,
      file: p.file.slice(p.file.lastIndexOf('/') + 1),
    })),
  };
};

/** An article of `words` words, published, with its title on line 2. */
const article = (words: number) =>
  [
    '---',
    'title: Measuring a Season',
    'date: 2025-03-01',
    'author: Priya Nair',
    'excerpt: What a property measures.',
    'category: Strategy',
    'thumbnail: /images/articles/value-banks.svg',
    'thumbnailAlt: A gauge',
    '---',
    '',
    Array.from({ length: words }, (_, i) => `word${i}`).join(' '),
    '',
  ].join('\n');

const bounds = (min: number, max: number) => copy.edit('site.yaml', (t) => `${t}\narticles:\n  readingMinutes: { min: ${min}, max: ${max} }\n`);

describe("an article's reading time", () => {
  it('is any length while site.yaml sets no bounds', async () => {
    await copy.write('articles/measuring.md', article(5000));
    expect(await check()).toEqual({ code: 0, problems: [] });
  });

  it("is a warning at the title of each article outside site.yaml's bounds, saying how long it reads, and check still passes", async () => {
    await bounds(2, 3);
    await copy.write('articles/measuring.md', article(900));
    await copy.write('articles/middling.md', article(500));
    const { code, problems } = await check();
    expect(code).toBe(0);
    const reading = problems.filter((p) => p.rule === 'article/reading-time');
    expect(reading.map(({ file, line, column, severity }) => ({ file, line, column, severity }))).toEqual([
      { file: 'first-steps.md', line: 2, column: 8, severity: 'warning' },
      { file: 'measuring.md', line: 2, column: 8, severity: 'warning' },
      { file: 'second-look.md', line: 2, column: 8, severity: 'warning' },
    ]);
    expect(reading[1]!.message).toBe('this article reads in 5 minutes (900 words), longer than the 2 to 3 minutes site.yaml sets for articles');
    expect(reading[0]!.message).toMatch(/^this article reads in 1 minute \(\d+ words\), shorter than the 2 to 3 minutes/);
  });

  it('refuses bounds that cannot be met, at the value', async () => {
    await bounds(6, 4);
    const { code, problems } = await check();
    expect(code).toBe(1);
    expect(problems.map(({ file, rule, message }) => ({ file, rule, message: message.includes('min must not be more than max') }))).toEqual([
      { file: 'site.yaml', rule: 'site/invalid', message: true },
    ]);
  });
});

describe('featured articles', () => {
  it('warn at the older mark when two articles are featured: the blog features the newest', async () => {
    await copy.edit('articles/second-look.md', (t) => t.replace('category: Strategy\n', 'category: Strategy\nfeatured: true\n'));
    const { code, problems } = await check();
    expect({ code, problems: problems.map(({ file, line, rule, message }) => ({ file, line, rule, message })) }).toEqual({
      code: 0,
      problems: [
        {
          file: 'first-steps.md',
          line: 9,
          rule: 'article/featured-twice',
          message: "second-look.md is featured too, and is newer: the blog's index features one article, so this mark is ignored",
        },
      ],
    });
  });
});
