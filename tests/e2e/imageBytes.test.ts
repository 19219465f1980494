import { cp, mkdir, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto } from '../../bin/benchPhoto.mjs';
import { resolvePaths } from '../../src/config.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALT = 'The training ground from the stands';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  fx = await fixtureCopy();
  const publicDir = path.join(fx.dir, 'public');
  await cp(path.join(ROOT, 'public'), publicDir, { recursive: true });
  await mkdir(path.join(publicDir, 'photos'));
  await writeFile(path.join(publicDir, 'photos/ground.jpg'), await phonePhoto(1));
  await fx.edit('articles/second-look.md', (t) => `${t}\n\n![${ALT}](/photos/ground.jpg)\n`);
  const paths = { ...resolvePaths({ content: fx.content, out: fx.out }), public: publicDir, cache: path.join(fx.dir, 'cache') };
  await new Builder(paths).build();
  server = createSiteServer(fx.out);
  origin = `http://127.0.0.1:${await listen(server, 0)}`;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await fx?.remove();
});

/** The bytes the browser downloads for the photo at this viewport, once it is scrolled into view. */
async function photoBytes(width: number, deviceScaleFactor: number): Promise<{ bytes: number; files: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor });
  const page = await context.newPage();
  const files: string[] = [];
  let bytes = 0;
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/assets/img/')) return;
    files.push(request.url().slice(request.url().lastIndexOf('/') + 1));
    bytes += (await request.sizes()).responseBodySize;
  });
  await page.goto(`${origin}/articles/second-look`);
  const photo = page.getByAltText(ALT);
  await photo.scrollIntoViewIfNeeded();
  await page.waitForFunction((alt) => document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)?.complete, ALT);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { bytes, files };
}

describe('a 4032 × 3024 phone photo of 4 MB in an article', () => {
  it('costs a 390 px phone at 3 device pixels per CSS pixel at most 150 KB: one AVIF near its slot’s width', async () => {
    const { bytes, files } = await photoBytes(390, 3);
    expect(files.filter((f) => !f.includes('-og'))).toEqual([expect.stringMatching(/-1200\.avif$/)]);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);
  });

  it('costs a 1280 px desktop at most 250 KB', async () => {
    const { bytes, files } = await photoBytes(1280, 1);
    expect(files).toEqual([expect.stringMatching(/-800\.avif$/)]);
    expect(bytes).toBeLessThanOrEqual(250 * 1024);
  });
});
