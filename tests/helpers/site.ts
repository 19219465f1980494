import { readdir } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { readRedirectRecord } from '../../src/hosting/redirects.ts';
import { routeForOutputPath } from '../../src/routes/outputPath.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { launchBrowser } from './browser.ts';

/**
 * Serves the real site the browser lane built once (tests/helpers/realSite.ts) the way `sitegen
 * serve` does; `routes` are its pages' (not its redirects').
 */
export async function serveRealSite() {
  const out = inject('realSite');
  const server: http.Server = createSiteServer(out);
  const port = await listen(server, 0);
  const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
  // A redirect's page (content/redirects.yaml) is no page of the site: its route answers with the redirect.
  const redirects = readRedirectRecord(out);
  const routes = files.map((f) => routeForOutputPath(f)).filter((r): r is string => r !== undefined && !Object.hasOwn(redirects, r));
  return {
    out,
    origin: `http://127.0.0.1:${port}`,
    files: files.map((f) => path.join(out, f)),
    routes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Pages that between them show every kind of element the site's pages have (a tag with its
 * classes) and every island, chosen from their HTML, the page that shows most of what is left
 * first: what a narrower screen changes is how each kind is laid out, and the pages one template
 * makes share their kinds, so a check at a second width sees every part of the site there on
 * about a third of its pages.
 */
export async function pagesShowingEveryKind(origin: string, routes: readonly string[]): Promise<string[]> {
  const kinds = new Map<string, Set<string>>();
  for (const route of routes) {
    const html = await (await fetch(origin + route)).text();
    const own = new Set<string>();
    for (const [, tag, attributes] of html.matchAll(/<([a-z][a-z0-9-]*)([^>]*)>/g)) {
      const classes = /\bclass="([^"]*)"/.exec(attributes!)?.[1]?.split(/\s+/).filter(Boolean).sort() ?? [];
      own.add([tag, ...classes].join('.'));
      const island = /\bdata-island="([^"]*)"/.exec(attributes!)?.[1];
      if (island) own.add(`island ${island}`);
    }
    kinds.set(route, own);
  }
  const unseen = new Set([...kinds.values()].flatMap((own) => [...own]));
  const chosen: string[] = [];
  while (unseen.size) {
    const news = (route: string) => [...kinds.get(route)!].filter((kind) => unseen.has(kind)).length;
    const best = routes.reduce((a, b) => (news(b) > news(a) ? b : a));
    chosen.push(best);
    for (const kind of kinds.get(best)!) unseen.delete(kind);
  }
  return chosen;
}

/** Serves the real site and starts Chromium once for a test file. */
export function setUpSiteAndBrowser() {
  const state = {} as { site: Awaited<ReturnType<typeof serveRealSite>>; browser: Browser };
  beforeAll(async () => {
    state.site = await serveRealSite();
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.site?.close();
  });
  return state;
}
