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
