import { readdir, readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { transform } from 'lightningcss';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrateIslands } from '../../src/review/capture.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { exercise, hydrated, launchBrowser, openPage, recordProblems } from '../helpers/browser.ts';
import { publishedArticles } from '../helpers/realContent.ts';
import { PREVIEW } from '../helpers/realSite.ts';

const { base, siteUrl } = PREVIEW;
/** An article whose body holds an island (a video or a carousel) and an image. */
const withIsland = publishedArticles().find((a) => /^:{2,3}(video|carousel)\b/m.test(a.body) && /^::figure|!\[/m.test(a.body));

/** A reference found in a built file: where, which attribute or construct, and its URL. */
interface Reference {
  file: string;
  at: string;
  url: string;
}

let out: string;
let origin: string;
let server: http.Server;
let browser: Browser;
let parser: Page;

beforeAll(async () => {
  // Built for the lane (tests/helpers/realSite.ts) on worker threads: the articles' bodies are rendered under the base there too.
  out = inject('previewSite');
  server = createSiteServer(out, { base });
  origin = `http://127.0.0.1:${await listen(server, 0)}`;
  browser = await launchBrowser();
  parser = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const builtFiles = async (ext: string) => (await readdir(out, { recursive: true })).filter((f) => f.endsWith(ext)).sort();

/** Every URL an HTML document refers to, read by the browser's own parser: attributes, srcset candidates, absolute links in the head. */
async function htmlReferences(file: string): Promise<Reference[]> {
  const text = await readFile(path.join(out, file), 'utf8');
  const found = await parser.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const refs: { at: string; url: string }[] = [];
    for (const el of doc.querySelectorAll('*')) {
      for (const name of ['href', 'src', 'action', 'poster', 'data-src']) {
        const value = el.getAttribute(name);
        if (value !== null) refs.push({ at: `<${el.localName} ${name}>`, url: value });
      }
      for (const name of ['srcset', 'imagesrcset']) {
        for (const candidate of (el.getAttribute(name) ?? '')
          .split(',')
          .map((c) => c.trim().split(/\s+/)[0]!)
          .filter(Boolean))
          refs.push({ at: `<${el.localName} ${name}>`, url: candidate });
      }
    }
    for (const meta of doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')) {
      const content = meta.getAttribute('content') ?? '';
      if (/^https?:/.test(content)) refs.push({ at: `<meta ${meta.getAttribute('property') ?? meta.getAttribute('name')}>`, url: content });
    }
    return refs;
  }, text);
  return found.map((ref) => ({ file, ...ref }));
}

/** Every url() of a stylesheet, read by lightningcss (strings and comments are not URLs). */
async function cssReferences(file: string): Promise<Reference[]> {
  const refs: Reference[] = [];
  transform({ filename: file, code: await readFile(path.join(out, file)), visitor: { Url: (url) => void refs.push({ file, at: 'url()', url: url.url }) } });
  return refs;
}

/** The <loc>s of the sitemap and the links of the feed, read by the browser's XML parser. */
async function xmlReferences(file: string): Promise<Reference[]> {
  const text = await readFile(path.join(out, file), 'utf8');
  const urls = await parser.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    return [
      ...[...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
      ...[...doc.getElementsByTagName('link')].map((link) => link.getAttribute('href') ?? ''),
      ...[...doc.getElementsByTagName('id')].map((id) => id.textContent ?? ''),
    ];
  }, text);
  return urls.map((url) => ({ file, at: 'xml', url }));
}

/** Whether a URL is one of the site's own: a path, or an absolute URL at the site's address. */
const internal = (url: string) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(url) || url.startsWith(`${new URL(siteUrl).origin}/`);

describe(`a site built with --base ${base}`, () => {
  let refs: Reference[];
  beforeAll(async () => {
    const html = await Promise.all((await builtFiles('.html')).map(htmlReferences));
    const css = await Promise.all((await builtFiles('.css')).map(cssReferences));
    const xml = await Promise.all(['sitemap.xml', 'feed.xml'].map(xmlReferences));
    refs = [...html, ...css, ...xml].flat();
  });

  it('refers to every internal URL under the base: HTML attributes, srcset, CSS url(), island modules, the sitemap and the feed', async () => {
    const own = refs.filter((r) => internal(r.url));
    expect(own.length).toBeGreaterThan(1000);
    const outside = own.filter((r) => !(r.url.startsWith(`${base}/`) || r.url.startsWith(`${siteUrl}${base}/`)));
    expect(outside.map((r) => `${r.file} ${r.at} ${r.url}`)).toEqual([]);
    // Every kind of reference was seen, so none of them passed for want of any.
    const kinds = new Set(own.map((r) => r.at));
    for (const kind of ['<a href>', '<img src>', '<link href>', '<script src>', '<sitegen-island data-src>', '<meta og:url>', 'xml'])
      expect(kinds, kind).toContain(kind);
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${siteUrl}${base}/sitemap.xml`);
  });

  it('has island modules that load their chunks by relative URLs, which stay under the base', async () => {
    for (const file of await builtFiles('.js')) {
      const code = await readFile(path.join(out, file), 'utf8');
      expect(
        [...code.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]).filter((spec) => !spec!.startsWith('./')),
        file,
      ).toEqual([]);
    }
  });

  it('has no broken link when served under its base: every page, asset, image and module answers 200', async () => {
    // Links, assets, the sitemap's and the feed's URLs; a page's og: and twitter: metadata name it, not something to fetch (the 404 page has no route).
    const links = refs.filter((r) => internal(r.url) && !r.at.startsWith('<meta'));
    const urls = new Set(links.map((r) => new URL(r.url, `${origin}${base}/`).pathname));
    const broken: string[] = [];
    await Promise.all(
      [...urls].map(async (pathname) => {
        const res = await fetch(origin + pathname, { redirect: 'manual' });
        if (res.status !== 200) broken.push(`${pathname}: ${res.status}`);
      }),
    );
    expect(urls.size).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('hydrates its islands without a console error, and the blog search fetches its index under the base', async () => {
    const { page, close } = await openPage(browser, `${origin}${base}/news-insights`);
    const problems = recordProblems(page);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await hydrated(page, 'BlogBrowser');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('valuation');
    await expect.poll(() => page.locator('main ul li h3 a').allTextContents()).toEqual([expect.stringContaining('Valuation')]);
    expect(fetched.filter((p) => p.includes('/assets/blog/')).length).toBeGreaterThan(0);
    expect(fetched.filter((p) => !p.startsWith(`${base}/`))).toEqual([]);
    expect(await page.locator('main ul li h3 a').getAttribute('href')).toMatch(new RegExp(`^${base}/articles/`));
    // The header's menus hydrate on the first pointer over them.
    await page.getByRole('navigation', { name: 'Main' }).hover();
    await hydrated(page, 'NavMenus');
    await exercise(page);
    expect(problems).toEqual([]);
    await close();
  });

  it.skipIf(!withIsland)('hydrates the islands of an article body (rendered on a worker thread) without a console error', async () => {
    const { page, close } = await openPage(browser, `${origin}${base}/articles/${withIsland!.slug}`);
    const problems = recordProblems(page);
    await exercise(page);
    // The scroll can outrun the observer of a loaded machine, and an idle island may start two seconds late: each island still
    // waiting is brought into view and waited for, as pages.test.ts does, before any is called a failure.
    expect(await hydrateIslands(page)).toEqual([]);
    const body = page.locator('.prose-body sitegen-island[data-hydrated]');
    expect(await body.count()).toBeGreaterThan(0);
    expect(await page.locator('.prose-body img').first().getAttribute('src')).toMatch(new RegExp(`^${base}/images/`));
    expect(problems).toEqual([]);
    await close();
  });
});
