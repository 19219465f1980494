import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { HEADLESS_ARGS } from '../../src/review/browser.ts';

/** Debian's Chromium (CHROME_PATH overrides): Playwright never downloads a browser here. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...HEADLESS_ARGS, '--disable-quic'],
  });
}

export const FAKE_FORM_SCRIPT = `window.hbspt = { forms: { create(options) {
  const target = document.querySelector(options.target);
  target.innerHTML = '<form aria-label="Contact us" data-portal="' + options.portalId + '" data-form="' + options.formId + '" data-region="' + options.region + '"><label>Work e-mail <input type="email" name="email"></label> <button type="submit">Submit</button></form>';
} } };`;

/** Keeps every test on this machine: the form provider's script is a local fake, any other host is refused. */
export async function isolate(context: BrowserContext, formScript: string | null = FAKE_FORM_SCRIPT): Promise<void> {
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      if (formScript !== null && route.request().url().endsWith('/forms/shell.js')) return route.fulfill({ contentType: 'text/javascript', body: formScript });
      return route.abort();
    },
  );
}

/** Records console errors and warnings and uncaught exceptions of a page. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Scrolls through the page so that every island that hydrates on visibility does, then waits
 * until what that started has arrived: the fonts loaded, and no request it made still open
 * (followed through Playwright's events, not guessed from a quiet half second).
 */
export async function exercise(page: Page): Promise<void> {
  const open = new Set<Request>();
  const started = (request: Request) => open.add(request);
  const ended = (request: Request) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate(async () => {
      // A screen at a time: every part of the page is in view once (an island still waiting after is brought into view by the caller).
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    // Polled for up to ten seconds, not Vitest's one: the server shares the cores with two pages' scripts and axe.
    await expect.poll(() => open.size, { interval: 20, timeout: 10_000 }).toBe(0);
    // What the last responses started (a module's hydration) runs before anything is judged.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

export interface OpenOptions {
  width?: number;
  reducedMotion?: boolean;
  javaScriptEnabled?: boolean;
  formScript?: string | null;
  clock?: boolean;
}

/** Opens a URL in a fresh, isolated context; records console warnings and errors. */
export async function openPage(
  browser: Browser,
  url: string,
  { width = 1280, reducedMotion = true, javaScriptEnabled = true, formScript = FAKE_FORM_SCRIPT, clock = false }: OpenOptions = {},
) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: reducedMotion ? 'reduce' : 'no-preference', javaScriptEnabled });
  await isolate(context, formScript);
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  if (clock) await page.clock.install();
  await page.goto(url);
  return { page, warnings, close: () => context.close() };
}

/** Waits until an island of the page has hydrated. */
export const hydrated = (page: Page, island: string) => page.waitForSelector(`sitegen-island[data-island="${island}"][data-hydrated]`, { state: 'attached' });
