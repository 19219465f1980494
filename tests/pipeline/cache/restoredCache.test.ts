import { cp, readdir, readFile, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { treeHashes } from '../../helpers/fixture.ts';
import { FIXTURE_LINKS, projectCopy, type Project } from '../../helpers/project.ts';
import { syntheticArticle } from '../../../bin/syntheticArticles.mjs';

// CI restores .sitegen-cache/ (actions/cache) into a fresh clone, at whatever path the runner
// checks it out: the build must find everything in it, whatever the path it was made at.
let made: Project;
let clone: Project;
beforeAll(async () => {
  // The fixture site and synthetic articles, some with a photo: the site's own content is not the point.
  [made, clone] = await Promise.all([projectCopy({ content: 'fixture', articles: 40 }), projectCopy({ content: 'fixture', articles: 40 })]);
}, 60_000);
afterAll(() => Promise.all([made?.remove(), clone?.remove()]));

/** The cache's files. */
const cacheFiles = async (project: Project) => (await readdir(project.cache, { recursive: true })).sort();

it('builds warm in a fresh clone at another path with the cache restored, and writes the same site', async () => {
  const cold = await made.run(['build', '--verbose']);
  expect(cold.code, cold.stdout).toBe(0);
  expect(cold.stderr).toMatch(/· [1-9]\d* markdown files analysed/);
  expect(cold.stderr).toMatch(/images ready \([1-9]\d* made, 0 from the cache\)/);
  const stored = await cacheFiles(made);

  expect(clone.root).not.toBe(made.root);
  // As a clone and actions/cache leave them: every file of the project and the cache with a new time.
  await cp(made.cache, clone.cache, { recursive: true, preserveTimestamps: false });
  const later = new Date(Date.now() + 60_000);
  for (const file of await readdir(clone.file('public'), { recursive: true })) await utimes(clone.file(`public/${file}`), later, later);
  const warm = await clone.run(['build', '--verbose']);
  expect(warm.code, warm.stdout).toBe(0);
  // No markdown file parsed again, no image made again...
  expect(warm.stderr).toMatch(/· 0 markdown files analysed/);
  expect(warm.stderr).toMatch(/images ready \(0 made, [1-9]\d* from the cache\)/);
  // ...and no page rendered: every one was in the cache under its key.
  expect(warm.stderr).toMatch(/rendered 0 of \d+ pages/);
  // ...and nothing added to the cache: the stylesheet and island bundles came from it too.
  expect(await cacheFiles(clone)).toEqual(stored);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));
}, 120_000);

/** A CI job of a pull request: the cache restored, no output. */
const withoutOutput = (project: Project) => Promise.all(['dist', '.dist.sitegen'].map((name) => rm(project.file(name), { recursive: true, force: true })));
/** The routes --verbose lists with a time of their own: pages taken from the cache took none. */
const renderedRoutes = (stderr: string) =>
  [...stderr.matchAll(/^ +([\d.]+) ms +[\d.]+ [KM]?B {2}(\S+)/gm)].filter(([, ms]) => Number(ms) > 0).map(([, , route]) => route);
const edited = (text: string) => text.replace('\n\nDelivery approval', '\n\nDelivery approvals');
const appended = (text: string) => `${text}\nOne more paragraph, at the end of the body.\n`;

it('renders only the page whose key changed when one article changed, and writes the site a cold build writes', async () => {
  await withoutOutput(clone);
  await clone.edit('content/articles/synthetic-3.md', edited);
  const pullRequest = await clone.run(['build', '--verbose']);
  expect(pullRequest.code, pullRequest.stdout).toBe(0);
  // The article's own page: its list cards show its title, summary and reading time, which a change of its body leaves as they were.
  expect(pullRequest.stderr).toMatch(/rendered 1 of (\d+) pages/);
  expect(renderedRoutes(pullRequest.stderr)).toEqual(['/articles/synthetic-3']);

  await made.edit('content/articles/synthetic-3.md', edited);
  await rm(made.cache, { recursive: true, force: true });
  await withoutOutput(made);
  const cold = await made.run(['build', '--verbose']);
  expect(cold.stderr).toMatch(/rendered (\d+) of \1 pages/);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));
}, 120_000);

it('renders again the pages whose cached copies are truncated or damaged, says so, and writes the same site', async () => {
  await withoutOutput(clone);
  const indexText = await readFile(clone.file('.sitegen-cache/pages/index.json'), 'utf8');
  const index = JSON.parse(indexText.slice(indexText.indexOf('\n') + 1)) as { pages: Record<string, { blob: string }> };
  const blobOf = (outputPath: string) => {
    const [, entry] = Object.entries(index.pages).find(([id]) => id.startsWith(`${outputPath}\n`))!;
    return clone.file(path.join('.sitegen-cache/pages', entry.blob.slice(0, 2), entry.blob));
  };
  await truncate(blobOf('articles/synthetic-5/index.html'), 100);
  const home = blobOf('index.html');
  await writeFile(home, (await readFile(home, 'utf8')).replace('</main>', '</main><p>damaged</p>'));

  const build = await clone.run(['build', '--verbose']);
  expect(build.code, build.stdout).toBe(0);
  expect(build.stderr).toMatch(/rendered 2 of \d+ pages/);
  expect(renderedRoutes(build.stderr).sort()).toEqual(['/', '/articles/synthetic-5']);
  expect(build.stderr.match(/^cache: dropped \.sitegen-cache\/pages\/[0-9a-f]{2}\/[0-9a-f]{64}: it is truncated or damaged/gm)).toHaveLength(2);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));
  // And the cache holds good copies again: the next build without output renders nothing.
  await withoutOutput(clone);
  expect((await clone.run(['build', '--verbose'])).stderr).toMatch(/rendered 0 of \d+ pages/);
}, 120_000);

it('trusts no page of the last output once the page index is damaged, and records the whole site again', async () => {
  const index = clone.file('.sitegen-cache/pages/index.json');
  // The one record of which page each output file is: without it, no file of the output is known to be current.
  await truncate(index, 10);
  const unchanged = await clone.run(['build', '--verbose']);
  expect(unchanged.code, unchanged.stdout).toBe(0);
  const total = Number(/rendered \d+ of (\d+) pages/.exec(unchanged.stderr)![1]);
  expect(unchanged.stderr).toMatch(new RegExp(`rendered ${total} of ${total} pages`));
  expect(unchanged.stderr).toMatch(/^cache: dropped \.sitegen-cache\/pages\/index\.json: it is not a sitegen cache file, or it is truncated; it is rebuilt$/m);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));

  await clone.edit('content/articles/synthetic-8.md', appended);
  const one = await clone.run(['build', '--verbose']);
  expect(one.stderr).toMatch(/rendered 1 of \d+ pages/);
  expect(one.stderr).not.toContain('cache: dropped');
  // Every page of that build is in the cache, the ones linked from the last output too.
  await withoutOutput(clone);
  const restored = await clone.run(['build', '--verbose']);
  expect(restored.stderr).toMatch(/rendered 0 of \d+ pages/);
  expect(await treeHashes(clone.out)).toEqual(
    (await made.edit('content/articles/synthetic-8.md', appended), await made.run(['build']), await treeHashes(made.out)),
  );
}, 120_000);

it('renders, for a new article, the pages that list or show it and no other article page, and writes the site a cold build writes', async () => {
  await withoutOutput(clone);
  // The newest article of its category: every article page of that category shows it among its related ones.
  const added = syntheticArticle(900, FIXTURE_LINKS)
    .replace(/^date: .*$/m, 'date: 2025-12-31')
    .replace(/^category: .*$/m, 'category: Reports');
  await writeFile(clone.file('content/articles/synthetic-new.md'), added);
  const build = await clone.run(['build', '--verbose']);
  expect(build.code, build.stdout).toBe(0);
  const showing: string[] = [];
  for (const slug of await readdir(clone.file('dist/articles'))) {
    const html = await readFile(clone.file(`dist/articles/${slug}/index.html`), 'utf8');
    if (html.includes('href="/articles/synthetic-new"')) showing.push(`/articles/${slug}`);
  }
  const renderedArticles = renderedRoutes(build.stderr).filter((route) => route?.startsWith('/articles/'));
  expect(renderedArticles.sort()).toEqual([...showing, '/articles/synthetic-new'].sort());
  // Those of the other categories came from the cache.
  expect(renderedArticles.length).toBeGreaterThan(3);
  expect(renderedArticles.length).toBeLessThan((await readdir(clone.file('dist/articles'))).length / 2);
  expect(renderedRoutes(build.stderr)).toContain('/news-insights');

  await writeFile(made.file('content/articles/synthetic-new.md'), added);
  await rm(made.cache, { recursive: true, force: true });
  await withoutOutput(made);
  expect((await made.run(['build'])).code).toBe(0);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));
}, 120_000);
