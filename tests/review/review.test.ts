import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestOfFolder } from '../../src/diff/pageManifest.ts';
import type { Box } from '../../src/review/pixels.ts';
import type { Review, WidthReview } from '../../src/review/review.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { exercise, isolate, launchBrowser } from '../helpers/browser.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';

/**
 * `sitegen review` on the fixture site, as a user runs it: built before and after known visual
 * changes (an article's heading, a number in its table and its figure's image; a footer label
 * every page shows), reviewed with two pages captured at once. Where each change is, is measured
 * in Chromium on the new side's page at each width, apart from the review's own captures.
 */
let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let browser: Browser;
const side = (name: string) => path.join(fx.dir, name);
const WIDTHS = ['390', '1280'] as const;
const ARTICLE = '/articles/first-steps';

async function build(out: string) {
  const result = await runCli('build', '--content', fx.content, '--out', side(out), '--format', 'text');
  expect(result.code, result.stderr).toBe(0);
}

beforeAll(async () => {
  fx = await fixtureCopy();
  await build('old');
  const article = 'articles/first-steps.md';
  const original = await readFile(fx.file(article), 'utf8');
  const changed = original
    .replace('## Why inventory comes first', '## Why inventory counts most')
    .replace('| LED ribbon | 12 |', '| LED ribbon | 48 |')
    .replace('category-exclusivity/survey-conflicts.svg', 'category-exclusivity/survey-exclusivity.svg');
  expect(changed.split('\n').filter((line, i) => line !== original.split('\n')[i])).toHaveLength(3);
  await fx.write(article, changed);
  await build('article');
  await fx.write(article, original);
  await fx.edit('site.yaml', (text) => text.replace('- label: Legal Stuff', '- label: Legal Things'));
  await build('footer');
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await fx?.remove();
});

/** Runs `sitegen review OLD NEW --out DIR` with two pages at a time, and reads what it wrote. */
async function review(old: string, now: string, out: string, ...args: string[]) {
  const result = await runCli('review', side(old), side(now), '--out', side(out), '--concurrency', '2', ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const written: Review = JSON.parse(await readFile(path.join(side(out), 'review.json'), 'utf8'));
  // The folder holds the review and its images, nothing else: a second run into it left nothing of the first.
  const images = written.pages.flatMap((page) =>
    Object.values(page.widths).flatMap((width) => [...Object.values(width.images), ...Object.values(width.focus?.images ?? {})]),
  );
  expect((await readdir(side(out))).sort()).toEqual([...new Set([...images, 'comment.md', 'index.html', 'review.json'])].sort());
  return { stdout: result.stdout, review: written };
}

/** Where elements of a page are at a width, on the site built in `name`: boxes in CSS pixels from the page's top left corner, once every image and island is in. */
async function measure(name: string, route: string, width: string, find: (page: Page) => Record<string, Locator>): Promise<Record<string, Box>> {
  const server = createSiteServer(side(name));
  const origin = `http://127.0.0.1:${await listen(server, 0)}`;
  const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, reducedMotion: 'reduce' });
  await isolate(context, null);
  try {
    const page = await context.newPage();
    await page.goto(origin + route);
    await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => ((image as HTMLImageElement).loading = 'eager')));
    await exercise(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const boxes: Record<string, Box> = {};
    for (const [what, locator] of Object.entries(find(page))) {
      const box = await locator.boundingBox();
      expect(box, `${what} on ${route} at ${width} px`).not.toBeNull();
      boxes[what] = box!;
    }
    return boxes;
  } finally {
    await context.close();
    server.closeAllConnections();
    server.close();
  }
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Which of `elements` a box of the review overlaps, and which none does. */
function found(width: WidthReview, elements: Record<string, Box>) {
  return Object.fromEntries(Object.entries(elements).map(([what, box]) => [what, width.boxes.some((changed) => overlaps(changed, box))]));
}

describe('sitegen review on the fixture site', () => {
  it('finds a changed heading, number and image where they are, at both widths, and keeps 0 pixels on every other page over two runs', async () => {
    const routes = Object.keys((await manifestOfFolder(side('old'))).pages).sort();
    const others = routes.filter((route) => route !== ARTICLE);
    expect(others.length).toBeGreaterThan(5);
    // Every page once; the second run, into the same folder, takes three of them: what it keeps of the first is only what it captured again.
    const again = others.filter((_, i) => i % Math.ceil(others.length / 3) === 0);
    const first = await review('old', 'article', 'review', ...others.flatMap((route) => ['--page', route]));
    const second = await review('old', 'article', 'review', ...again.flatMap((route) => ['--page', route]));

    for (const [{ review: run, stdout }, same] of [
      [first, others],
      [second, again],
    ] as const) {
      expect(run.pages.map(({ route, change }) => ({ route, change }))).toEqual([
        { route: ARTICLE, change: 'changed' },
        ...same.map((route) => ({ route, change: 'same' })),
      ]);
      expect(run.left).toEqual([]);
      for (const page of run.pages.slice(1))
        for (const width of WIDTHS) {
          expect(page.widths[width], `${page.route} at ${width} px`).toMatchObject({ share: 0, pixels: 0, boxes: [] });
          expect(page.widths[width].images, `${page.route} at ${width} px`).toEqual({ after: expect.stringMatching(/^[0-9a-f]{16}\.webp$/) });
        }
      expect(stdout).toContain(`  ~ ${ARTICLE}  `);
      for (const route of same) expect(stdout).toContain(`  = ${route}  the same pixels\n`);
    }
    // Images are named by their bytes: the same captures, run after run.
    const captures = (run: Review, route: string) =>
      Object.values(run.pages.find((page) => page.route === route)!.widths).map((width) => [width.images, width.focus?.images]);
    for (const route of [ARTICLE, ...again]) expect(captures(second.review, route), route).toEqual(captures(first.review, route));

    const article = first.review.pages[0]!;
    for (const width of WIDTHS) {
      const elements = await measure('article', ARTICLE, width, (page) => ({
        heading: page.getByRole('heading', { level: 2, name: 'Why inventory counts most' }),
        number: page.locator('main td', { hasText: /^48$/ }),
        image: page.locator('main figure img'),
        title: page.getByRole('heading', { level: 1 }),
      }));
      expect(article.widths[width].share, `at ${width} px`).toBeGreaterThan(0);
      // The title, above every change, is in no box: the boxes are where the page changed, not the whole page.
      expect(found(article.widths[width], elements), `at ${width} px`).toEqual({ heading: true, number: true, image: true, title: false });
    }
  }, 900_000);

  it('shows a change that alters every page by its layout alone by a sample led by the home page, and says the count', async () => {
    const { review: run, stdout } = await review('old', 'footer', 'site-wide');
    const pages = Object.keys((await manifestOfFolder(side('old'))).pages).length;
    expect(run.siteWide).toEqual({ changed: pages, pages });
    expect(run.pages.length).toBeLessThanOrEqual(5);
    expect(run.pages[0]!.route).toBe('/');
    expect(run.pages.every((page) => page.change === 'changed' && page.group === 'layout')).toBe(true);
    expect(run.pages.length + run.left.length).toBe(pages);
    for (const page of run.pages) for (const width of WIDTHS) expect(page.widths[width].share, `${page.route} at ${width} px`).toBeGreaterThan(0);
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^reviewed ${run.pages.length} of ${pages} pages the change alters, at 390 and 1280 px, in [\\d.]+ s$`)),
      `${pages} of ${pages} pages changed by their layout alone (a template, the stylesheet or an asset): a sample of them is captured`,
    ]);
    for (const width of WIDTHS) {
      const elements = await measure('footer', '/', width, (page) => ({
        label: page.locator('footer a', { hasText: 'Legal Things' }),
        heading: page.getByRole('heading', { level: 1 }),
      }));
      expect(found(run.pages[0]!.widths[width], elements), `at ${width} px`).toEqual({ label: true, heading: false });
    }
  }, 600_000);
});
