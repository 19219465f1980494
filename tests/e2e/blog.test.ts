import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolate } from '../helpers/browser.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

async function open(search = '', javaScriptEnabled = true): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled });
  await isolate(context);
  const page = await context.newPage();
  await page.goto(`${env.site.origin}/news-insights${search}`);
  if (javaScriptEnabled) await page.waitForSelector('sitegen-island[data-hydrated] input[type="search"]:not([disabled])');
  return page;
}

const cardTitles = (page: Page) => page.locator('section[aria-labelledby="articles-heading"] li h3').allTextContents();
const status = (page: Page) => page.locator('[aria-live="polite"]').first().textContent();

describe('News & Insights', () => {
  it('shows the featured article, the first page of cards and Load More until none are left', async () => {
    const page = await open();
    expect(await page.locator('#featured-heading').textContent()).toBe('Featured');
    expect(await page.locator('section[aria-labelledby="featured-heading"] h3').textContent()).toContain('Sales Deck');
    expect(await cardTitles(page)).toHaveLength(6);
    expect(await status(page)).toBe('Showing 6 of 16 articles');
    const more = page.getByRole('button', { name: 'Load More Articles' });
    await more.click();
    expect(await cardTitles(page)).toHaveLength(12);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li') === document.querySelectorAll('section[aria-labelledby="articles-heading"] li')[6])).toBe(true);
    await more.click();
    expect(await cardTitles(page)).toHaveLength(16);
    expect(await more.count()).toBe(0);
    await page.context().close();
  });

  it('filters as you type, case- and accent-insensitively, and keeps the query in the URL', async () => {
    const page = await open();
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    expect(await search.getAttribute('placeholder')).toBe('Search articles...');
    await search.fill('VALUATION');
    await expect.poll(() => cardTitles(page)).toEqual([expect.stringContaining('Valuation')]);
    expect(await page.locator('#featured-heading').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('?q=VALUATION');
    await search.fill('prîya nâir');
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(await page.locator('section[aria-labelledby="articles-heading"] li p.text-xs').allTextContents()).toEqual(titles.map(() => expect.stringContaining('Priya Nair')));
    await search.fill('zzz no such words');
    expect(await page.getByText('No articles match your search.').count()).toBe(1);
    await page.getByRole('button', { name: 'Show all articles' }).click();
    expect(await search.inputValue()).toBe('');
    expect(await cardTitles(page)).toHaveLength(6);
    await page.context().close();
  });

  it('filters by category with aria-pressed, and Back restores the previous view', async () => {
    const page = await open();
    const all = page.getByRole('button', { name: 'All', exact: true });
    const caseStudy = page.getByRole('button', { name: 'Case Study' });
    expect(await all.getAttribute('aria-pressed')).toBe('true');
    await caseStudy.click();
    expect(await caseStudy.getAttribute('aria-pressed')).toBe('true');
    expect(await all.getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).search).toBe('?category=Case+Study');
    expect(await cardTitles(page)).toHaveLength(4);
    await page.getByRole('button', { name: 'Reports' }).click();
    expect(await cardTitles(page)).toHaveLength(2);
    await page.goBack();
    await expect.poll(() => caseStudy.getAttribute('aria-pressed')).toBe('true');
    expect(await cardTitles(page)).toHaveLength(4);
    await page.goBack();
    await expect.poll(() => all.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('opens a shared filtered view from its URL', async () => {
    const page = await open('?category=Analytics&q=benchmarking');
    expect(await page.getByRole('button', { name: 'Analytics' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('searchbox').inputValue()).toBe('benchmarking');
    expect(await cardTitles(page)).toEqual([expect.stringContaining('Valuation')]);
    await page.context().close();
  });

  it('lists every article as a link without JavaScript', async () => {
    const page = await open('', false);
    const links = await page.locator('main article h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(17);
    expect(new Set(links).size).toBe(17);
    for (const href of links) expect(href).toMatch(/^\/articles\/[a-z0-9-]+$/);
    await page.context().close();
  });

  it('links the Atom feed from the blog and article pages', async () => {
    for (const route of ['/news-insights', '/articles/value-banks']) {
      const html = await (await fetch(env.site.origin + route)).text();
      expect(html).toContain('<link rel="alternate" type="application/atom+xml"');
    }
    const feed = await fetch(`${env.site.origin}/feed.xml`);
    expect(feed.headers.get('content-type')).toMatch(/xml/);
  });
});
