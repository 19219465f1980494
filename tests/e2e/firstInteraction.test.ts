import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolate } from '../helpers/browser.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

/**
 * A page whose islands that hydrate on interaction have not started: nothing has hovered or
 * focused them. With `delay`, each island's script answers a second late, as on a slow network;
 * with `propsFail`, the files of shared props cannot be fetched.
 */
async function open(
  route: string,
  { width, touch = false, delay = 0, propsFail = false }: { width: number; touch?: boolean; delay?: number; propsFail?: boolean },
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await env.browser.newContext({ viewport: { width, height: 844 }, hasTouch: touch, isMobile: touch, reducedMotion: 'reduce' });
  await isolate(context);
  if (propsFail) await context.route(/\/assets\/props\//, (route) => route.abort());
  if (delay) {
    await context.route(/\/assets\/island-(MobileMenu|NavMenus)-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
  }
  const page = await context.newPage();
  await page.goto(env.site.origin + route);
  await page.waitForLoadState('load');
  return { page, context };
}

const drawerOpen = (page: Page) => page.waitForSelector('dialog[open]', { timeout: 5000 });
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.hash;
};

describe('islands act on the interaction that wakes them', () => {
  for (const delay of [0, 1000]) {
    const late = delay ? ' while its script is a second late' : '';

    it(`one tap on the phone's Menu opens the drawer, and the page stays where it was${late}`, async () => {
      const { page, context } = await open('/legal', { width: 390, touch: true, delay });
      expect(await page.locator('sitegen-island[data-island="MobileMenu"][data-hydrated]').count()).toBe(0);
      await page.getByRole('link', { name: 'Menu' }).tap();
      await drawerOpen(page);
      expect(path(page)).toBe('/legal');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
      // Exactly once: the replayed tap did not also close what it opened.
      await page.waitForTimeout(300);
      expect(await page.locator('dialog[open]').count()).toBe(1);
      await context.close();
    });

    it(`one Enter on the focused Menu opens the drawer${late}`, async () => {
      const { page, context } = await open('/pricing-preview', { width: 390, delay });
      await page.getByRole('link', { name: 'Menu' }).focus();
      await page.keyboard.press('Enter');
      await drawerOpen(page);
      expect(path(page)).toBe('/pricing-preview');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      await context.close();
    });

    it(`one click opens a header drop-down, once${late}`, async () => {
      const { page, context } = await open('/about', { width: 1280, delay });
      const summary = page.locator('header details summary').first();
      await summary.click();
      await page.waitForSelector('sitegen-island[data-island="NavMenus"][data-hydrated]');
      await page.waitForTimeout(300);
      expect(await page.locator('header details[open]').count()).toBe(1);
      expect(await page.locator('header details').first().getAttribute('open')).toBe('');
      expect(path(page)).toBe('/about');
      await context.close();
    });

    it(`ArrowDown on a focused drop-down opens it and moves to its first item${late}`, async () => {
      const { page, context } = await open('/about', { width: 1280, delay });
      await page.locator('header details summary').first().focus();
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('details')?.open && document.activeElement?.tagName), { timeout: 5000 })
        .toBe('A');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    });
  }

  it('a tap before the script arrives does not follow the fallback link, and nothing navigates while it loads', async () => {
    const { page, context } = await open('/about', { width: 390, touch: true, delay: 1000 });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.getByRole('link', { name: 'Menu' }).tap();
    await page.waitForTimeout(500);
    expect(path(page)).toBe('/about');
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await drawerOpen(page);
    expect(navigations).toEqual([]);
    await context.close();
  });

  it('a tap does what it does without JavaScript when the menus’ shared props cannot be fetched', async () => {
    const { page, context } = await open('/about', { width: 390, touch: true, propsFail: true });
    const menu = page.getByRole('link', { name: 'Menu' });
    const fallback = new URL((await menu.getAttribute('href'))!, page.url());
    await menu.tap();
    await expect.poll(() => path(page)).toBe(fallback.pathname + fallback.hash);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await context.close();
  });
});
