import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, realpathSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Builder } from '../../src/pipeline/builder.ts';
import { resolvePaths } from '../../src/config.ts';
import { fixtureCopy, runCli, treeHashes } from '../helpers/fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

const build = () => runCli('build', '--content', fx.content, '--out', fx.out);
/** The `path:line:column  message` lines of a failed build, with paths relative to the content folder. */
const errorLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => /:\d+:\d+ {2}/.test(l))
    .map((l) => path.relative(fx.content, path.resolve(ROOT, l)).replace(/ {2}\[[^\]]+\]$/, ''));

describe('sitegen build', () => {
  it('builds the fixture: pages at clean paths, 404, sitemap, robots, feed, hashed assets', async () => {
    const { code, stderr } = await build();
    expect(code).toBe(0);
    expect(stderr).toMatch(/^built 8 pages and \d+ assets \([\d.]+ KB\) into .+ in \d+ ms\n$/);
    const files = Object.keys(await treeHashes(fx.out)).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html',
        '404.html',
        'legal/index.html',
        'news-insights/index.html',
        'news-insights/category/strategy/index.html',
        'privacy-policy/index.html',
        'articles/first-steps/index.html',
        'articles/second-look/index.html',
        'sitemap.xml',
        'robots.txt',
        'feed.xml',
        'favicon.svg',
      ]),
    );
    expect(files.some((f) => /^assets\/site-[\w]{10}\.css$/.test(f))).toBe(true);
    const sitemap = await readFile(path.join(fx.out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.touchline.example/articles/second-look</loc><lastmod>2025-02-20</lastmod>');
    expect(sitemap).not.toContain('404');
  });

  it('reports the same files and bytes for a build that reuses the last output as for the one that wrote it', async () => {
    const summary = (stderr: string) => stderr.replace(/ in \d+ ms\n$/, '');
    const first = await build();
    const again = await build();
    expect(first.code + again.code).toBe(0);
    expect(summary(again.stderr)).toBe(summary(first.stderr));
  });

  it('records in its marker how it was built, and marks the output again when only that changed', async () => {
    const marker = async () => JSON.parse(await readFile(path.join(fx.out, '.sitegen-output'), 'utf8')).mode;
    expect((await build()).code).toBe(0);
    expect(await marker()).toEqual({ drafts: false, base: '', siteUrl: null });
    expect((await runCli('build', '--content', fx.content, '--out', fx.out, '--drafts')).code).toBe(0);
    expect(await marker()).toEqual({ drafts: true, base: '', siteUrl: null });
    // The same pages as the drafts build (the fixture has no draft): still a new version that says it is a plain build.
    expect((await build()).code).toBe(0);
    expect(await marker()).toEqual({ drafts: false, base: '', siteUrl: null });
    expect(
      (await runCli('build', '--content', fx.content, '--out', fx.out, '--base', '/previews/pr-3', '--site-url', 'https://preview.touchline.example')).code,
    ).toBe(0);
    expect(await marker()).toEqual({ drafts: false, base: '/previews/pr-3', siteUrl: 'https://preview.touchline.example' });
  });

  it('records its drafts and scheduled articles in its marker, left out or shown, and marks the output again when only they changed', async () => {
    const marker = async () => JSON.parse(await readFile(path.join(fx.out, '.sitegen-output'), 'utf8'));
    expect((await build()).code).toBe(0);
    expect(await marker()).not.toHaveProperty('unreleased');
    await fx.edit('articles/first-steps.md', (t) => t.replace('date: 2025-01-15\n', 'date: 2025-01-15\ndraft: true\n'));
    await fx.edit('articles/second-look.md', (t) => t.replace('date: 2025-02-20', 'date: 2099-01-31'));
    const expected = { '/articles/first-steps': { status: 'draft' }, '/articles/second-look': { status: 'scheduled', date: '2099-01-31' } };
    expect((await build()).code).toBe(0);
    expect((await marker()).unreleased).toEqual(expected);
    expect(existsSync(path.join(fx.out, 'articles/first-steps/index.html'))).toBe(false);
    // A scheduled article made a draft changes nothing a plain build writes: the output is marked again all the same.
    await fx.edit('articles/second-look.md', (t) => t.replace('date: 2099-01-31', 'date: 2099-01-31\ndraft: true'));
    const drafts = { ...expected, '/articles/second-look': { status: 'draft' } };
    expect((await build()).code).toBe(0);
    expect((await marker()).unreleased).toEqual(drafts);
    expect((await runCli('build', '--content', fx.content, '--out', fx.out, '--drafts')).code).toBe(0);
    expect((await marker()).unreleased).toEqual(drafts);
    expect(existsSync(path.join(fx.out, 'articles/first-steps/index.html'))).toBe(true);
  });

  it('loads only the module loader up front, as a non-blocking module script', async () => {
    await build();
    const article = await readFile(path.join(fx.out, 'articles/second-look/index.html'), 'utf8');
    expect(article.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="application\/ld\+json">$/),
      expect.stringMatching(/^<script type="module" src="\/assets\/loader-\w+\.js">$/),
    ]);
  });

  it('writes complete documents: lang, charset, viewport, title, description, canonical, Open Graph and Twitter tags', async () => {
    await build();
    const html = await readFile(path.join(fx.out, 'articles/first-steps/index.html'), 'utf8');
    for (const pattern of [
      /^<!DOCTYPE html><html lang="en">/,
      /<meta charSet="utf-8"\/>/,
      /<meta name="viewport" content="width=device-width, initial-scale=1"\/>/,
      /<title>First Steps With Sponsorship Inventory \| Fixture Site<\/title>/,
      /<meta name="description" content="How a property lists/,
      /<link rel="canonical" href="https:\/\/www.touchline.example\/articles\/first-steps"\/>/,
      /<meta property="og:type" content="article"\/>/,
      /<meta name="twitter:card" content="summary_large_image"\/>/,
      /"@type":"Article"/,
    ])
      expect(html).toMatch(pattern);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('is reproducible: the same input gives byte-identical output', async () => {
    // 1 March 2025: after the fixture's articles, which would otherwise be scheduled, not published.
    process.env.SOURCE_DATE_EPOCH = '1740787200';
    try {
      await build();
      const first = await treeHashes(fx.out);
      await runCli('build', '--content', fx.content, '--out', `${fx.out}-2`);
      expect(await treeHashes(`${fx.out}-2`)).toEqual(first);
      expect(await readFile(path.join(fx.out, 'index.html'), 'utf8')).toContain('© 2025 Touchline Technologies Inc.');
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
  });

  it('leaves the previous output byte-identical when a build fails', async () => {
    expect((await build()).code).toBe(0);
    const before = await treeHashes(fx.out);
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategy', 'category: Nope'));
    await fx.edit('articles/second-look.md', (t) => t.replace('## Track delivery', '## Track delivery changed'));
    expect((await build()).code).toBe(1);
    expect(await treeHashes(fx.out)).toEqual(before);
  });

  it('check validates without writing anything', async () => {
    const { code, stderr } = await runCli('check', '--content', fx.content);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^content is valid/);
  });
});

describe('content faults: each reported as path:line:column  message, exit 1', () => {
  const cases: [string, () => Promise<void>, unknown[]][] = [
    [
      'invalid YAML',
      () => fx.edit('site.yaml', (t) => t.replace('\nlanguage: en', '\n\tlanguage: en')),
      ['site.yaml:8:1  "language" is indented with a tab: YAML indents with spaces only'],
    ],
    [
      'an unknown key',
      () => fx.edit('pages/legal.yaml', (t) => t.replace('heading: Legal Stuff', 'heading: Legal Stuff\nsubheading: Extra')),
      ['pages/legal.yaml:5:1  unknown key "subheading" (allowed: heading, intro, columns, template, title, description)'],
    ],
    [
      'a wrong enum value',
      () => fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategy', 'category: Stratgy')),
      [
        'articles/first-steps.md:6:11  category: "Stratgy" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study; did you mean "Strategy"?',
      ],
    ],
    [
      'a misspelt template',
      () => fx.edit('pages/legal.yaml', (t) => t.replace('template: legal-index', 'template: legal-indx')),
      [expect.stringMatching(/^pages\/legal\.yaml:1:11 {2}unknown template "legal-indx"; expected one of: .*legal-index.*; did you mean "legal-index"\?$/)],
    ],
    [
      'a missing field',
      () => fx.edit('articles/second-look.md', (t) => t.replace('author: Tom Lefebvre\n', '')),
      ['articles/second-look.md:2:1  missing required key "author"'],
    ],
    [
      'a date with a time',
      () => fx.edit('articles/second-look.md', (t) => t.replace(/^date: .*$/m, 'date: 2024-07-08T10:00:00Z')),
      ['articles/second-look.md:3:7  date: "2024-07-08T10:00:00Z" has a time: a date is written without one, as 2024-07-08'],
    ],
    [
      'a misspelt key inside a block',
      () => fx.edit('pages/index.yaml', (t) => t.replace(/^(\s+)heading: /m, '$1headng: ')),
      [expect.stringMatching(/^pages\/index\.yaml:\d+:\d+ {2}unknown key "headng"; did you mean "heading"\? \(allowed: type, /)],
    ],
    [
      'an empty frontmatter block',
      () => fx.edit('articles/second-look.md', (t) => t.replace(/^---\n[\s\S]*?\n---\n/, '---\n---\n')),
      ['articles/second-look.md:2:1  no keys are set here; required: title, date, author, excerpt, category, thumbnail, thumbnailAlt'],
    ],
    [
      'a duplicate slug',
      () => fx.write('legal/legal.md', '---\ntitle: Legal\ndate: 2022-05-01\ndateLabel: Updated\nsummary: A second page at /legal.\n---\n\nText.\n'),
      [
        'legal/legal.md:1:1  duplicate slug: "/legal" is also produced by legal.yaml',
        'pages/legal.yaml:1:1  duplicate slug: "/legal" is also produced by legal.md',
      ],
    ],
    [
      'a broken internal link',
      () => fx.edit('articles/first-steps.md', (t) => t.replace('(/articles/second-look)', '(/articles/third-look)')),
      ['articles/first-steps.md:17:63  broken link "/articles/third-look": no page or file has the path /articles/third-look'],
    ],
    [
      'a broken link in YAML',
      () => fx.edit('site.yaml', (t) => t.replace('href: /legal', 'href: /legals')),
      ['site.yaml:38:13  broken link "/legals": no page or file has the path /legals; did you mean "/legal"?'],
    ],
    [
      'a link to a missing heading',
      () => fx.edit('pages/legal.yaml', (t) => t.replace('#2-what-we-collect', '#9-nothing')),
      ['pages/legal.yaml:17:15  broken link "/privacy-policy#9-nothing": /privacy-policy has no heading with the id "9-nothing"'],
    ],
    [
      'a missing image',
      () => fx.edit('articles/first-steps.md', (t) => t.replace('survey-conflicts.svg', 'survey-missing.svg')),
      ['articles/first-steps.md:23:14  missing image "/images/articles/category-exclusivity/survey-missing.svg": no such file in public/'],
    ],
    [
      'a missing thumbnail',
      () => fx.edit('articles/second-look.md', (t) => t.replace('value-in-kind-payments.svg', 'nope.svg')),
      ['articles/second-look.md:7:12  missing image "/images/articles/nope.svg": no such file in public/'],
    ],
  ];

  for (const [name, introduce, expected] of cases) {
    it(`reports ${name}`, async () => {
      await introduce();
      const { code, stdout } = await build();
      expect(code).toBe(1);
      expect(errorLines(stdout)).toEqual(expected);
    });
  }

  it('reports every problem in every file in one run', async () => {
    const named = (name: string) => cases.find(([n]) => n === name)![1];
    for (const introduce of ['a wrong enum value', 'a missing field', 'a broken link in YAML'].map(named)) await introduce();
    const { stdout } = await build();
    expect(errorLines(stdout)).toHaveLength(3);
    expect(stdout).toMatch(/3 errors in 3 files\n$/);
  });
});

describe('the sitegen command', () => {
  it('runs from bin/ with exit 0, and exits 2 on a usage error', async () => {
    const run = promisify(execFile);
    const ok = await run('node', [path.join(ROOT, 'bin/sitegen.mjs'), 'check', '--content', fx.content], { cwd: ROOT });
    expect(ok.stderr).toMatch(/content is valid/);
    const bad = await run('node', [path.join(ROOT, 'bin/sitegen.mjs'), 'build', '--bogus'], { cwd: ROOT }).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain("unknown option '--bogus'");
  });

  it('writes the same bytes, and reports the same counts, when markdown is analysed and rendered on worker threads', async () => {
    const paths = (out: string) => resolvePaths({ content: fx.content, out });
    const single = await new Builder(paths(path.join(fx.dir, 'one-thread')), { workerThreshold: Infinity }).build();
    const pooled = await new Builder(paths(path.join(fx.dir, 'workers')), { workerThreshold: 0 }).build();
    const workers = await treeHashes(path.join(fx.dir, 'workers'));
    expect(Object.keys(workers)).toContain('articles/second-look/index.html');
    expect(workers).toEqual(await treeHashes(path.join(fx.dir, 'one-thread')));
    expect({ pages: pooled.pages, assets: pooled.assets, bytes: pooled.bytes }).toEqual({ pages: single.pages, assets: single.assets, bytes: single.bytes });
  });

  it('shows help for every command', async () => {
    for (const command of ['build', 'check', 'watch', 'serve', 'publish']) {
      const { code, stdout } = await runCli(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: sitegen ${command}`);
    }
  });
});

describe('incremental builds', () => {
  const verbose = () => runCli('build', '--content', fx.content, '--out', fx.out, '--verbose');
  const renderedCount = (stderr: string) => Number(/rendered (\d+) of \d+ pages/.exec(stderr)?.[1]);
  // Builds in this process share the checkout's .sitegen-cache/, whose page cache keeps the pages
  // of every site it built: a site name of its own keys every page of this test apart.
  beforeEach(() => fx.edit('site.yaml', (t) => t.replace('name: Fixture Site', `name: Fixture Site ${randomUUID().slice(0, 8)}`)));

  it('renders nothing again when nothing changed, and only the edited page after an edit', async () => {
    const cold = (await verbose()).stderr;
    expect(renderedCount(cold)).toBe(8);
    // The steps of the build, in order, each with the time it finished.
    expect(cold).toMatch(
      /^steps: content read \d+ ms · 3 markdown files analysed \d+ ms · content validated \d+ ms · assets ready \d+ ms · pages rendered \d+ ms · images ready \(\d+ made, \d+ from the cache\) \d+ ms · output written \d+ ms · cache saved \(8 pages added, \d+ dropped\) \d+ ms$/m,
    );
    const first = await treeHashes(fx.out);
    expect(renderedCount((await verbose()).stderr)).toBe(0);
    expect(await treeHashes(fx.out)).toEqual(first);
    await fx.edit('articles/second-look.md', (t) => t.replace('Renewals start on day one.', 'Renewals start on the first day.'));
    expect(renderedCount((await verbose()).stderr)).toBe(1);
    expect(await readFile(path.join(fx.out, 'articles/second-look/index.html'), 'utf8')).toContain('Renewals start on the first day.');
  });

  it('re-renders every page that shows something another file changed (a title on cards and related lists)', async () => {
    await verbose();
    await fx.edit('articles/first-steps.md', (t) => t.replace('title: First Steps With Sponsorship Inventory', 'title: First Steps With Inventory'));
    expect(renderedCount((await verbose()).stderr)).toBe(8);
    expect(await readFile(path.join(fx.out, 'articles/second-look/index.html'), 'utf8')).toContain('First Steps With Inventory');
  });

  it('never reuses an output file that was changed by hand, nor the page cache’s copy, which is the same file', async () => {
    await verbose();
    const page = path.join(fx.out, 'legal/index.html');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(page, 'tampered');
    const again = (await verbose()).stderr;
    expect(renderedCount(again)).toBe(1);
    expect(again).toMatch(/^cache: dropped .*\.sitegen-cache\/pages\/[0-9a-f]{2}\/[0-9a-f]{64}: it is truncated or damaged/m);
    expect(await readFile(page, 'utf8')).toContain('Legal Stuff');
  });

  it('keeps the shared props files of the pages it reuses, and writes them again when they are gone', async () => {
    await verbose();
    const home = await readFile(path.join(fx.out, 'index.html'), 'utf8');
    const files = [...home.matchAll(/data-props-src="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(files).toEqual([expect.stringMatching(/^assets\/props\/NavMenus-/), expect.stringMatching(/^assets\/props\/MobileMenu-/)]);
    await fx.edit('articles/second-look.md', (t) => t.replace('Renewals start on day one.', 'Renewals start on the first day.'));
    expect(renderedCount((await verbose()).stderr)).toBe(1);
    for (const file of files) expect(JSON.parse(await readFile(path.join(fx.out, file), 'utf8'))).toHaveProperty('menus');
    // The pages naming it are not linked from the output: they come from the page cache, with the file.
    await rm(path.join(fx.out, files[0]!));
    expect(renderedCount((await verbose()).stderr)).toBe(0);
    expect(existsSync(path.join(fx.out, files[0]!))).toBe(true);
  });
});

describe('a builder that builds again (watch)', () => {
  it('leaves no folder of a deleted article in the output', async () => {
    const builder = new Builder(resolvePaths({ content: fx.content, out: fx.out }));
    await fx.write('articles/short-lived.md', (await readFile(fx.file('articles/second-look.md'), 'utf8')).replace(/title: .*/, 'title: Short Lived'));
    await builder.build();
    expect(existsSync(path.join(fx.out, 'articles/short-lived/index.html'))).toBe(true);
    await rm(fx.file('articles/short-lived.md'));
    await builder.build();
    expect(existsSync(path.join(fx.out, 'articles/short-lived'))).toBe(false);
  });

  it('updates a scratch preview (watch) in place: one version, each changed file replaced whole, a file it shares with an older version left as it was', async () => {
    const builder = new Builder(resolvePaths({ content: fx.content, out: fx.out }), { scratchOutput: true, workerThreshold: Infinity });
    const page = (route: string) => path.join(fx.out, route, 'index.html');
    await fx.write('articles/short-lived.md', (await readFile(fx.file('articles/second-look.md'), 'utf8')).replace(/title: .*/, 'title: Short Lived'));
    await builder.build({ drafts: true });
    const version = realpathSync(fx.out);
    const untouched = statSync(page('legal')).ino;
    // An older version holding the same file, as a hard link: it must keep its bytes.
    const shared = path.join(fx.dir, 'older-version-page.html');
    linkSync(page('articles/second-look'), shared);
    const before = await readFile(shared, 'utf8');

    await fx.edit('articles/second-look.md', (t) => t.replace(/Renewals start on [^.]*\./, 'Renewals start on the first edit.'));
    await builder.build({ drafts: true });
    expect(realpathSync(fx.out)).toBe(version);
    expect(await readFile(page('articles/second-look'), 'utf8')).toContain('Renewals start on the first edit.');
    expect(await readFile(shared, 'utf8')).toBe(before);
    expect(statSync(page('legal')).ino).toBe(untouched);

    await rm(fx.file('articles/short-lived.md'));
    await builder.build({ drafts: true });
    expect(realpathSync(fx.out)).toBe(version);
    expect(existsSync(page('articles/short-lived'))).toBe(false);
    expect((await readdir(version, { recursive: true })).filter((name) => name.includes('.tmp-'))).toEqual([]);

    // Built another way (without drafts), the preview is a new version that says so.
    await builder.build();
    expect(realpathSync(fx.out)).not.toBe(version);
    expect(JSON.parse(await readFile(path.join(fx.out, '.sitegen-output'), 'utf8')).mode.drafts).toBe(false);
  });

  it('answers once the new site is shown, and removes the versions it replaced before its next build and by idle()', async () => {
    const builder = new Builder(resolvePaths({ content: fx.content, out: fx.out }));
    const versions = async () => (await readdir(path.join(fx.dir, '.dist.sitegen'))).filter((name) => /^\d{13}-/.test(name));
    for (let day = 1; day <= 4; day++) {
      await fx.edit('articles/second-look.md', (t) => t.replace(/Renewals start on [^.]*\./, `Renewals start on day ${day}.`));
      await builder.build();
      expect(await readFile(path.join(fx.out, 'articles/second-look/index.html'), 'utf8')).toContain(`Renewals start on day ${day}.`);
      expect((await versions()).length).toBeLessThanOrEqual(3);
    }
    await builder.idle();
    expect(await versions()).toHaveLength(2);
    // The lock was given up: a build of another builder runs at once.
    expect((await build()).code).toBe(0);
  });
});
