import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { startWatch, type Watcher } from '../../src/watch/watch.ts';
import { fixtureCopy } from '../helpers/fixture.ts';
import { launchBrowser } from '../helpers/browser.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let watcher: Watcher;
let browser: Browser;
const log: string[] = [];

beforeAll(async () => {
  fx = await fixtureCopy();
  watcher = await startWatch(resolvePaths({ content: fx.content, out: fx.out }), { port: 0, fixed: true }, (line) => log.push(line));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await watcher?.close();
  await fx?.remove();
});

describe('sitegen watch', () => {
  it('reloads an edited article, shows an error overlay for a broken one, and clears it when fixed', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${watcher.port}/articles/first-steps`);
    await expect.poll(() => page.locator('h2#why-inventory-comes-first').count()).toBe(1);
    await page.waitForSelector('html[data-sitegen-live="connected"]');

    const rebuilt = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('## Why inventory comes first', '## Why a clean inventory comes first'));
    expect((await rebuilt).type).toBe('built');
    await page.waitForSelector('h2#why-a-clean-inventory-comes-first', { timeout: 10_000 });
    expect(log.at(-1)).toMatch(/^rebuilt 1 of 8 pages in \d+ ms$/);

    const failed = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategy', 'category: Strategery'));
    expect((await failed).type).toBe('failed');
    const overlay = page.locator('#sitegen-overlay');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toContain('first-steps.md:6:11  "category": "Strategery" is not allowed');
    expect(await page.locator('h2#why-a-clean-inventory-comes-first').count()).toBe(1);

    const fixed = watcher.nextBuild();
    await fx.edit('articles/first-steps.md', (t) => t.replace('category: Strategery', 'category: Strategy'));
    expect((await fixed).type).toBe('built');
    await expect.poll(() => page.locator('#sitegen-overlay').count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });

  it('keeps serving the last good site while the content is broken', async () => {
    const failed = watcher.nextBuild();
    await fx.edit('site.yaml', (t) => t.replace('name: Fixture Site', 'name: [broken'));
    expect((await failed).type).toBe('failed');
    const response = await fetch(`http://127.0.0.1:${watcher.port}/legal`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Legal Stuff');
    const fixed = watcher.nextBuild();
    await fx.edit('site.yaml', (t) => t.replace('name: [broken', 'name: Fixture Site'));
    expect((await fixed).type).toBe('built');
  });
});
