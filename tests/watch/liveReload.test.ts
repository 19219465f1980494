import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveEvent, type LiveEvent } from '../../src/client/liveEvents.ts';
import { FILE_START, diagnostic } from '../../src/diagnostics.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { LiveReload } from '../../src/watch/liveReload.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { requestAs } from '../helpers/hostRequest.ts';

let dir: string;
let live: LiveReload;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-live-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Last good</title></head><body><main><h1>The last good build</h1></main></body></html>',
  );
  live = new LiveReload();
  server = createSiteServer(dir, { hooks: live.hooks(), dev: true });
  origin = `http://127.0.0.1:${await listen(server, 0)}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  live?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The first `count` events a client that connects now receives, as the browser reads them; `then` runs once it is connected. */
function firstEvents(count: number, then: () => void = () => undefined): Promise<(LiveEvent | undefined)[]> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/__sitegen/events`, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        if (!text) setImmediate(then);
        text += chunk.toString();
        const messages = [...text.matchAll(/^data: (.*)\n\n/gm)].map((m) => readLiveEvent(m[1]));
        if (messages.length < count) return;
        req.destroy();
        resolve(messages.slice(0, count));
      });
    });
    req.on('error', reject);
  });
}

/** What the first `build-error` event a client that connects now receives carries. */
async function firstProblem(): Promise<unknown> {
  const [event] = await firstEvents(1);
  return event?.type === 'build-error' ? event.problem : event;
}

describe('the live-reload channel', () => {
  it('is refused to a page of another origin and to another host name, and events go only to the site’s own pages', async () => {
    const port = Number(new URL(origin).port);
    const asked: Record<string, string>[] = [
      { Host: `localhost:${port}`, Origin: 'https://attacker.example' },
      { Host: `attacker.example:${port}` },
      { Host: `localhost:${port}`, Origin: 'null' },
    ];
    for (const headers of asked) {
      const refused = await requestAs(port, '/__sitegen/events', headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toMatch(/^refused a request /);
    }
    expect((await requestAs(port, '/__sitegen/live.js', { Host: 'attacker.example' })).status).toBe(403);
  });

  it('sends content problems as data, and a crash as a kind of its own, to a browser that connects later too', async () => {
    const problem = { kind: 'content' as const, diagnostics: [diagnostic('content/site.yaml', FILE_START, 'yaml-syntax', 'invalid YAML')] };
    live.failed(problem);
    expect(await firstProblem()).toEqual(problem);
    const crash = { kind: 'crash' as const, message: 'Error: the card has no sponsor\n    at Article (templates/pages/Article.tsx:8:45)' };
    live.failed(crash);
    expect(await firstProblem()).toEqual(crash);
    live.succeeded();
  });

  it('sends each event as JSON with its type, which the browser reads as the event that was sent', async () => {
    const problem = { kind: 'content' as const, diagnostics: [diagnostic('content/site.yaml', FILE_START, 'yaml-syntax', 'invalid YAML')] };
    const events = await firstEvents(4, () => {
      live.failed(problem);
      live.succeeded();
      live.succeeded();
    });
    expect(events).toStrictEqual([{ type: 'build-error', problem }, { type: 'clear' }, { type: 'reload' }, { type: 'reload' }]);
  });

  it('shows a crash’s stack as text in the overlay, and clears it after the next good build', async () => {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForSelector('html[data-sitegen-live="connected"]');
    const message = 'Error: <b>no sponsor</b>\n    at Article (templates/pages/Article.tsx:8:45)';
    live.failed({ kind: 'crash', message });
    const dialog = page.getByRole('alertdialog', { name: /the page below is the last good build/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Its first line as a sentence, its stack as a frame without the terminal's indent; the markup in it is text.
    expect(await dialog.textContent()).toContain('Error: <b>no sponsor</b>');
    expect(await dialog.locator('pre').textContent()).toBe('at Article (templates/pages/Article.tsx:8:45)');
    expect(await dialog.locator('b').count()).toBe(0);
    live.succeeded();
    await expect.poll(() => page.locator('#sitegen-overlay').count()).toBe(0);
    await page.close();
  });
});
