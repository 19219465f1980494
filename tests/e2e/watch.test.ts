import { AxeBuilder } from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, resolvePaths } from '../../src/config.ts';
import { SCHEMA_CODES } from '../../src/rules.ts';
import { watchSite, type Watcher } from '../../src/watch/watch.ts';
import { fixtureCopy } from '../helpers/fixture.ts';
import { launchBrowser } from '../helpers/browser.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let watcher: Watcher;
let browser: Browser;
const log: string[] = [];

beforeAll(async () => {
  fx = await fixtureCopy();
  watcher = await watchSite(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, { log: (line) => log.push(line) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await watcher?.close();
  await fx?.remove();
});

describe('sitegen watch', () => {
  it('reloads an edited article, shows an error overlay for a broken one, and clears it when fixed', async () => {
    // A context of its own: axe checks the overlay in it.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${watcher.port}/articles/first-steps`);
    await expect.poll(() => page.locator('h2#why-inventory-comes-first').count()).toBe(1);
    await page.waitForSelector('html[data-sitegen-live="connected"]');

    const rebuilt = watcher.nextBuild();
    const logged = log.length;
    await fx.edit('articles/first-steps.md', (t) => t.replace('## Why inventory comes first', '## Why a clean inventory comes first'));
    expect((await rebuilt).type).toBe('built');
    await page.waitForSelector('h2#why-a-clean-inventory-comes-first', { timeout: 10_000 });
    // A save seen half-written is built again once whole: the page is rendered once, by one of them.
    expect(log.slice(logged).filter((line) => /^rebuilt [1-9]/.test(line))).toEqual([expect.stringMatching(/^rebuilt 1 of 8 pages in \d+ ms$/)]);

    const failed = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategy', 'category: Strategery'));
    expect((await failed).type).toBe('failed');
    const overlay = page.locator('#sitegen-overlay');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toContain('first-steps.md:6:11  category: "Strategery" is not allowed');
    expect(await page.locator('h2#why-a-clean-inventory-comes-first').count()).toBe(1);

    // A labelled dialog, each problem under its file (relative to the project) with its place, rule and hint.
    const dialog = page.getByRole('alertdialog', { name: 'sitegen: the last change has errors — the page below is the last good build' });
    expect(await dialog.isVisible()).toBe(true);
    const file = path.relative(projectRoot, fx.file('articles/first-steps.md'));
    expect(await dialog.getByRole('heading', { level: 3 }).allTextContents()).toEqual([file]);
    expect((await dialog.getByRole('listitem').allInnerTexts()).map((item) => item.split(/\n+/))).toEqual([
      [
        `${file}:6:11  category: "Strategery" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study; did you mean "Strategy"?  [article/invalid-value]`,
        expect.stringMatching(/^ {2}5 \| /),
        '> 6 | category: Strategery',
        '    |           ^^^^^^^^^^',
        expect.stringMatching(/^ {2}7 \| /),
        `hint: ${SCHEMA_CODES['invalid-value'].hint}`,
        // A link to the page on GitHub when the repository is known (a clone of it, a run of Actions), else its path.
        expect.stringMatching(/^docs: \S*docs\/editors\/rules\.md#kindinvalid-value$/),
      ],
    ]);
    expect((await new AxeBuilder({ page }).include('#sitegen-overlay').analyze()).violations.map((v) => v.id)).toEqual([]);
    // Focus is in the dialog; Escape hides it (the last good page is there to read).
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#sitegen-overlay')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The next problem shows it again; what content says is text, never markup.
    const hostile = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategery', 'category: "<img src=x onerror=alert(1)>"'));
    expect((await hostile).type).toBe('failed');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toContain('category: "<img src=x onerror=alert(1)>" is not allowed');
    expect(await dialog.isVisible()).toBe(true);
    expect(await overlay.locator('img').count()).toBe(0);

    const fixed = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: "<img src=x onerror=alert(1)>"', 'category: Strategy'));
    expect((await fixed).type).toBe('built');
    await expect.poll(() => page.locator('#sitegen-overlay').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('keeps serving the last good site while the content is broken', async () => {
    const failed = watcher.nextBuild();
    await fx.edit('site.yaml', (t) => t.replace('name: Fixture Site', 'name: [broken'));
    expect((await failed).type).toBe('failed');
    const response = await fetch(`http://127.0.0.1:${watcher.port}/legal`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Legal Stuff');
    // A YAML syntax error shows the lines around it in the overlay, as the terminal does.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${watcher.port}/legal`);
    const frame = page.locator('#sitegen-overlay pre.frame').first();
    await expect.poll(() => page.locator('#sitegen-overlay pre.frame').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The parser notices the missing ] on the next line: the frame shows both.
    const line = (await readFile(fx.file('site.yaml'), 'utf8')).split('\n').findIndex((l) => l.includes('name: [broken')) + 1;
    await page.setViewportSize({ width: 390, height: 800 });
    expect((await new AxeBuilder({ page }).include('#sitegen-overlay').analyze()).violations.map((v) => v.id)).toEqual([]);
    // At a phone's width a frame's lines keep their spacing and scroll sideways: the caret stays under its place.
    expect(await frame.evaluate((pre) => [getComputedStyle(pre).whiteSpace, getComputedStyle(pre).overflowX])).toEqual(['pre', 'auto']);
    expect(await frame.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
    expect((await frame.textContent())!.split('\n')).toEqual([
      `  ${line} | name: [broken`,
      expect.stringMatching(new RegExp(`^> ${line + 1} \\| legalName: `)),
      '    | ^',
      expect.stringMatching(new RegExp(`^  ${line + 2} \\| `)),
    ]);
    await context.close();
    const fixed = watcher.nextBuild();
    await fx.edit('site.yaml', (t) => t.replace('name: [broken', 'name: Fixture Site'));
    expect((await fixed).type).toBe('built');
  });
});
