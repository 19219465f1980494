import { HtmlValidate } from 'html-validate';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrateIslands } from '../../src/review/capture.ts';
import { axeViolations } from '../helpers/axe.ts';
import { exercise, isolate, recordProblems } from '../helpers/browser.ts';
import { pagesShowingEveryKind, setUpSiteAndBrowser } from '../helpers/site.ts';
import { inTurns } from '../helpers/turns.ts';

const env = setUpSiteAndBrowser();

describe('every built page', () => {
  it('has routes to check', () => {
    expect(env.site.routes).toContain('/');
    expect(env.site.routes.length).toBeGreaterThan(10);
  });

  it('passes html-validate', async () => {
    const validator = new HtmlValidate(
      JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path.resolve(import.meta.dirname, '../../.htmlvalidate.json'), 'utf8'))),
    );
    const failures: string[] = [];
    for (const file of [...env.site.files, path.join(env.site.out, '404.html')]) {
      const report = await validator.validateFile(file);
      for (const result of report.results)
        for (const m of result.messages) failures.push(`${path.relative(env.site.out, file)}:${m.line}:${m.column} ${m.message} (${m.ruleId})`);
    }
    expect(failures).toEqual([]);
  });

  // Two pages at a time, one a core: an island that hydrates when idle is started within two seconds however busy the page's
  // neighbour keeps the cores (src/client/loader.ts), and one that hydrates in view is brought into view below.
  it('at 1280 px, loads with no console error, warning or hydration problem, and hydrates every island it should', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await isolate(context);
    const failures = await inTurns(env.site.routes, 2, async (route) => {
      const page = await context.newPage();
      const problems = recordProblems(page);
      const response = await page.goto(env.site.origin + route);
      expect(response?.status(), route).toBe(200);
      await exercise(page);
      // The scroll's steps of a screen every 30 ms can outrun the observer of a loaded machine: each island still waiting is
      // brought into view again, as a reader brings it, as the review's captures do, three times in all, before it is called a failure.
      const pending = await hydrateIslands(page);
      if (pending.length) problems.push(`never hydrated: ${pending.join(', ')}`);
      await page.close();
      return problems.map((p) => `${route}: ${p}`);
    });
    await context.close();
    expect(failures.flat()).toEqual([]);
  }, 600_000);

  // Axe judges what the templates, blocks and islands make of the content, and the pages one template makes share their kinds of
  // element (a tag with its classes): the pages that between them show every kind and island the site has (found in its HTML,
  // so a new template, block or island is among them the day it appears) are judged at each width, about a third of the site.
  // Axe on every page at 1280 px was three quarters of this file's time.
  for (const width of [1280, 390])
    it(`has no axe violation at ${width} px on pages that show every kind of element and island the site has`, async () => {
      const sample = await pagesShowingEveryKind(env.site.origin, env.site.routes);
      // At rest, with reduced motion, as it is once any animation has ended.
      const context = await env.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await isolate(context);
      const failures = await inTurns(sample, 2, async (route) => {
        const page = await context.newPage();
        await page.goto(env.site.origin + route);
        await exercise(page);
        const violations = await axeViolations(page, route);
        await page.close();
        return violations;
      });
      await context.close();
      expect(failures.flat()).toEqual([]);
    }, 300_000);

  it('answers an unknown path with the 404 page and status 404, and every route without a trailing slash', async () => {
    const missing = await fetch(`${env.site.origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1');
    const slash = await fetch(`${env.site.origin}/legal/`, { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/legal');
    for (const route of env.site.routes) expect((await fetch(env.site.origin + route, { redirect: 'manual' })).status, route).toBe(200);
  });
});

describe('without JavaScript', () => {
  it('every page shows its content and every internal link resolves', async () => {
    // Each page as a browser without scripts builds it: Chromium's parser with scripting off (DOMParser's), <noscript> read as
    // markup. A navigation per page would add its round trips and nothing else: no script runs, and nothing here is laid out.
    const page = await env.browser.newPage();
    const links = new Set<string>();
    for (const route of env.site.routes) {
      const html = await (await fetch(env.site.origin + route)).text();
      const { headings, hrefs } = await page.evaluate((source) => {
        const document = new DOMParser().parseFromString(source, 'text/html');
        return {
          headings: document.querySelectorAll('main h1').length,
          hrefs: [...document.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href')!),
        };
      }, html);
      expect(headings, route).toBe(1);
      for (const href of hrefs) links.add(href.split('#')[0]!);
    }
    await page.close();
    const broken: string[] = [];
    for (const link of links) if ((await fetch(env.site.origin + link)).status !== 200) broken.push(link);
    expect(broken).toEqual([]);
  });
});
