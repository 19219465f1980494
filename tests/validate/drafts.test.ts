import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

/** The day of these builds: 1 March 2025 (the fixture's articles are from January and February). */
const MARCH_1 = String(Date.UTC(2025, 2, 1) / 1000);

const article = (fields: string, body: string) => `---
${fields}
author: Priya Nair
excerpt: An article written for the drafts test, with a word no other file has.
category: Strategy
thumbnail: /images/articles/value-banks.svg
thumbnailAlt: A value bank gauge beside a ledger
---

${body}
`;

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
  vi.stubEnv('SOURCE_DATE_EPOCH', MARCH_1);
  await fx.write(
    'articles/work-in-progress.md',
    article('title: Work in Progress\ndate: 2025-02-25\ndraft: true', 'Quokkaberry is the word only this draft has.'),
  );
  await fx.write('articles/coming-soon.md', article('title: Coming Soon\ndate: 2025-04-01', 'Zanzibarite is the word only this scheduled article has.'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await fx.remove();
});

/**
 * Every file a build publishes, with its text. Sitegen's own records (`.sitegen-output`, which
 * names the drafts it left out so that diff can list them) are never published, nor served.
 */
async function everyFile(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.'))
      files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

const page = (route: string) => readFile(path.join(fx.out, route, 'index.html'), 'utf8');

describe('a production build', () => {
  it('leaves drafts and articles dated after the build day out of every file: pages, lists, search, sitemap and feed', async () => {
    const { code, stdout, stderr } = await runCli('build', '--content', fx.content, '--out', fx.out);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    // Said after the summary: what was left out, and why, so that a 404 in `serve` is no surprise.
    expect(stderr.split('\n').slice(1)).toEqual([
      'held back 2 pages: /articles/coming-soon (scheduled for 2025-04-01), /articles/work-in-progress (draft)',
      "  to publish: remove a draft's `draft: true`; a scheduled page is published by the first build on its day (docs/editors/drafts.md)",
      '',
    ]);
    const files = await everyFile(fx.out);
    expect(files.has('articles/second-look/index.html')).toBe(true);
    for (const [file, text] of files) {
      for (const trace of ['articles/work-in-progress', 'Work in Progress', 'Quokkaberry', 'articles/coming-soon', 'Coming Soon', 'Zanzibarite']) {
        expect(text.includes(trace), `${file} mentions ${trace}`).toBe(false);
      }
    }
  });

  it('publishes a scheduled article from its day on', async () => {
    vi.stubEnv('SOURCE_DATE_EPOCH', String(Date.UTC(2025, 3, 1) / 1000));
    const { code, stderr } = await runCli('build', '--content', fx.content, '--out', fx.out);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^held back 1 page: \/articles\/work-in-progress \(draft\)$/m);
    expect(await page('articles/coming-soon')).not.toContain('Scheduled for');
    expect(await readFile(path.join(fx.out, 'sitemap.xml'), 'utf8')).toContain('/articles/coming-soon</loc>');
    expect(await readFile(path.join(fx.out, 'feed.xml'), 'utf8')).toContain('<title>Coming Soon</title>');
    expect(existsSync(path.join(fx.out, 'articles/work-in-progress/index.html'))).toBe(false);
  });

  it('refuses a link from a published page to a draft or a scheduled article, naming the file it leads to', async () => {
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/work-in-progress)'));
    await fx.edit('articles/second-look.md', (t) => `${t}\nSee [what comes next](/articles/coming-soon#top).\n`);
    const { code, stdout } = await runCli('check', '--content', fx.content);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `${path.relative(process.cwd(), fx.file('articles/first-steps.md'))}:17:63  link "/articles/work-in-progress" leads to articles/work-in-progress.md, which is a draft: it is not published, so the link would be broken  [link/unpublished]`,
    );
    expect(stdout).toContain(
      'link "/articles/coming-soon#top" leads to articles/coming-soon.md, which is scheduled for 2025-04-01: the link would be broken until then  [link/unpublished]',
    );
    expect(stdout).toMatch(/2 errors in 2 files\n$/);
  });

  it('lets a draft link anywhere, and a scheduled article link to one published before it, but not to a draft', async () => {
    await fx.edit(
      'articles/work-in-progress.md',
      (t) => `${t}\nIt follows [the scheduled one](/articles/coming-soon) and [the first](/articles/first-steps).\n`,
    );
    const checked = await runCli('check', '--content', fx.content);
    expect(checked.code).toBe(0);
    expect(checked.stderr).toMatch(
      /^a build holds back 2 pages: \/articles\/coming-soon \(scheduled for 2025-04-01\), \/articles\/work-in-progress \(draft\)$/m,
    );
    await fx.edit('articles/coming-soon.md', (t) => `${t}\nIt builds on [the draft](/articles/work-in-progress).\n`);
    const { code, stdout } = await runCli('check', '--content', fx.content);
    expect(code).toBe(1);
    expect(stdout).toContain('link "/articles/work-in-progress" leads to articles/work-in-progress.md, which is a draft');
  });
});

describe('a build with --drafts (and watch)', () => {
  it('shows drafts and scheduled articles with their badge and noindex, in lists and search but not in the sitemap or feed; links to them are warnings', async () => {
    await fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/work-in-progress)'));
    const { code, stderr, stdout } = await runCli('build', '--content', fx.content, '--out', fx.out, '--drafts');
    expect(code).toBe(0);
    expect(stdout).toContain('warning: link "/articles/work-in-progress" leads to articles/work-in-progress.md, which is a draft');
    expect(stderr).toMatch(/^built 10 pages/);
    // Nothing is held back: the two are said to be shown, marked.
    expect(stderr).not.toContain('held back');
    expect(stderr).toMatch(
      /^2 pages shown marked, which a plain build holds back: \/articles\/coming-soon \(scheduled for 2025-04-01\), \/articles\/work-in-progress \(draft\)$/m,
    );

    const draft = await page('articles/work-in-progress');
    expect(draft).toContain('<meta name="robots" content="noindex"/>');
    expect(draft).not.toContain('rel="canonical"');
    expect(draft).toMatch(/<p role="note"[^>]*><span[^>]*>Draft<\/span>/);
    const scheduled = await page('articles/coming-soon');
    expect(scheduled).toContain('Scheduled for April 1, 2025</span>');
    expect(scheduled).toContain('<meta name="robots" content="noindex"/>');
    // A preview, served beside the live site, is for people: every page of it is kept from search engines.
    const published = await page('articles/second-look');
    expect(published).not.toContain('role="note"');
    expect(published).toContain('<meta name="robots" content="noindex"/>');

    const index = await page('news-insights');
    expect(index).toContain('>Work in Progress</a>');
    expect(index).toContain('>Draft</span>');
    expect(index).toContain('>Scheduled for April 1, 2025</span>');
    const files = await everyFile(fx.out);
    // The search's cards list them too.
    expect([...files].some(([file, text]) => file.startsWith('assets/') && file.endsWith('.json') && text.includes('"title":"Work in Progress"'))).toBe(true);
    for (const file of ['sitemap.xml', 'feed.xml']) {
      expect(files.get(file)).not.toContain('work-in-progress');
      expect(files.get(file)).not.toContain('coming-soon');
    }
    // Every page says it is a preview and is kept from search engines, whose sitemap lists none.
    const pages = [...files].filter(([file]) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const [file, text] of pages) {
      expect(text, file).toContain('<aside aria-label="Preview"');
      expect(text, file).toMatch(/<strong[^>]*>Preview<\/strong> of an unpublished change, drafts included: not the live/);
      expect(text, file).toContain('<meta name="robots" content="noindex"/>');
    }
    expect(files.get('sitemap.xml')).not.toContain('<loc>');
  });

  it('leaves nothing of a preview in the production build that follows it into the same folder', async () => {
    // Without drafts, the two builds see the same articles: only being a preview tells them apart.
    await Promise.all(['articles/work-in-progress.md', 'articles/coming-soon.md'].map((f) => rm(fx.file(f))));
    expect((await runCli('build', '--content', fx.content, '--out', fx.out, '--drafts')).code).toBe(0);
    expect(await page('articles/second-look')).toContain('noindex');
    expect((await runCli('build', '--content', fx.content, '--out', fx.out)).code).toBe(0);
    expect(await page('articles/second-look')).toContain('<link rel="canonical"');
    expect(await page('news-insights')).not.toContain('noindex');
    for (const [file, text] of await everyFile(fx.out)) expect(text, file).not.toContain('aria-label="Preview"');
    expect(existsSync(path.join(fx.out, 'articles/work-in-progress/index.html'))).toBe(false);
  });

  it('renders the same pages on worker threads as on one thread', async () => {
    const paths = (out: string) => resolvePaths({ content: fx.content, out: path.join(fx.dir, out) });
    await new Builder(paths('one-thread'), { workerThreshold: Infinity }).build({ drafts: true });
    await new Builder(paths('workers'), { workerThreshold: 0 }).build({ drafts: true });
    const [single, pooled] = await Promise.all([everyFile(path.join(fx.dir, 'one-thread')), everyFile(path.join(fx.dir, 'workers'))]);
    expect(pooled.get('articles/coming-soon/index.html')).toContain('Scheduled for April 1, 2025');
    expect(pooled).toEqual(single);
  });
});
