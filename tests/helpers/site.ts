import { mkdtemp, readdir } from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { Builder } from '../../src/pipeline/builder.ts';
import { resolvePaths } from '../../src/config.ts';
import { readRedirectRecord } from '../../src/hosting/redirects.ts';
import { routeForOutputPath } from '../../src/routes/outputPath.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { launchBrowser } from './browser.ts';

/**
 * Builds the real site into a temp folder and serves it the way `sitegen serve` does; `routes`
 * are its pages' (not its redirects'). Its markdown pages are analysed and rendered on worker
 * threads (the path of large sites), so the browser tests check that path, and the other tests
 * the single-thread one.
 */
export async function buildAndServe(content?: string) {
  const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-e2e-')), 'dist');
  const paths = resolvePaths({ out, content });
  await new Builder(paths, { workerThreshold: 0 }).build();
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

/** Builds and serves the real site and starts Chromium once for a test file. */
export function setUpSiteAndBrowser() {
  const state = {} as { site: Awaited<ReturnType<typeof buildAndServe>>; browser: Browser };
  beforeAll(async () => {
    state.site = await buildAndServe();
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.site?.close();
  });
  return state;
}
