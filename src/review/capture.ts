import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/** The widths every page is captured at: a phone's and a laptop's. */
export const REVIEW_WIDTHS = [390, 1280] as const;
export type ReviewWidth = (typeof REVIEW_WIDTHS)[number];

/** A page is captured down to this height at most: WebP cannot be taller, and no reviewer scrolls further. */
export const MAX_CAPTURE_HEIGHT = 16_000;

/** How long an island that should hydrate by itself is waited for, and how many times, before its box is masked and said. */
const HYDRATION_WAIT_MS = 10_000;
const HYDRATION_ROUNDS = 3;

/** The moment every page is captured at: a date shown by a script is the same run after run. */
const FIXED_TIME = new Date('2026-01-01T09:00:00Z');

/** Islands that hydrate by themselves (when the page loads, or in view) and have not yet. */
const WAITING = 'sitegen-island:not([data-hydrated]):not([data-when="interaction"])';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Run in every page before its own scripts: `Math.random` gives the same numbers run after run
 * (a carousel that starts on a random slide starts on the same one), and timers that repeat stay
 * at their first state (a rotating quote shows its first quote).
 */
const STEADY_SCRIPT = `(() => {
  let seed = 0x2f6b1d37;
  Math.random = () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  window.setInterval = () => 0;
  // Every animation and transition at its end from the first frame: cheaper than the screenshot's own stopping, and the same for axe.
  const style = document.createElement('style');
  style.textContent = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;animation-iteration-count:1!important;transition-duration:0s!important;transition-delay:0s!important;caret-color:transparent!important}';
  document.addEventListener('DOMContentLoaded', () => document.head.append(style), { once: true });
})();`;

/** An axe violation of a page: its rule, how serious, what it asks, and the elements it found. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** A region left out of the comparison, and why. */
export interface Masked {
  selector: string;
  reason: string;
  box: { x: number; y: number; width: number; height: number };
}

export interface Capture {
  status: number;
  png: Buffer;
  /** The page's full height, which may exceed the captured one (MAX_CAPTURE_HEIGHT). */
  pageHeight: number;
  /** Bytes of the page and of everything it loaded from its site, as served (uncompressed). */
  bytes: number;
  /** Absent when not asked for. */
  violations?: Violation[];
  masked: Masked[];
}

/** The contexts of one side, one per width, opened when first needed: pages of a context share its cache, as a reader's visit does. */
export class SideBrowser {
  readonly #contexts = new Map<ReviewWidth, Promise<BrowserContext>>();
  /** Pages done with, navigated again for the next capture: opening a page costs as much as loading one. */
  readonly #idle = new Map<ReviewWidth, Page[]>();

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
  ) {}

  context(width: ReviewWidth): Promise<BrowserContext> {
    if (!this.#contexts.has(width)) this.#contexts.set(width, this.#open(width));
    return this.#contexts.get(width)!;
  }

  async page(width: ReviewWidth): Promise<Page> {
    return this.#idle.get(width)?.pop() ?? (await this.context(width)).newPage();
  }

  release(width: ReviewWidth, page: Page): void {
    this.#idle.set(width, [...(this.#idle.get(width) ?? []), page]);
  }

  async #open(width: ReviewWidth): Promise<BrowserContext> {
    const context = await this.browser.newContext({
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      colorScheme: 'light',
      locale: 'en-CA',
      timezoneId: 'UTC',
      serviceWorkers: 'block',
    });
    await context.clock.setFixedTime(FIXED_TIME);
    await context.addInitScript(STEADY_SCRIPT);
    // Only the site itself: another host (a form provider, an embedded frame) answers differently run after run.
    const own = new URL(this.origin).host;
    await context.route(
      (url) => url.host !== own,
      (route) => route.abort(),
    );
    return context;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#contexts.values()].map(async (context) => (await context).close()));
  }
}

/** Waits until the page has no request open, twice over a painted frame (what a load started may start more). */
async function settle(page: Page, open: () => number): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (open() === 0) quiet++;
    else {
      quiet = 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Brings each island that hydrates by itself and has not yet into view (what its observer
 * watches: its first element, the island itself has no box), until none is left waiting; the
 * names of those still waiting after the last round. Each round waits up to ten seconds: on a
 * loaded machine the observer can miss a scroll that passed an island, and its script and props
 * can take seconds to arrive.
 */
export async function hydrateIslands(page: Page): Promise<string[]> {
  let pending: string[] = [];
  for (let round = 0; round < HYDRATION_ROUNDS; round++) {
    await page.evaluate(async (waiting) => {
      for (const island of document.querySelectorAll(waiting)) {
        (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    }, WAITING);
    pending = await page
      .waitForFunction((waiting) => document.querySelectorAll(waiting).length === 0, WAITING, { timeout: HYDRATION_WAIT_MS })
      .then(() => [])
      .catch(() => page.$$eval(WAITING, (islands) => islands.map((island) => island.getAttribute('data-island') ?? 'island')));
    if (!pending.length) break;
  }
  return pending;
}

/** The page brought to the state it would rest in: every image loaded, every island hydrated, fonts in, scrolled to the top. */
async function steady(page: Page, open: () => number): Promise<string[]> {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img[loading="lazy"]')) (image as HTMLImageElement).loading = 'eager';
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
  const pending = await hydrateIslands(page);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await settle(page, open);
  return pending;
}

/** Axe's violations on the page as it stands: axe put in the page once and asked for its violations alone (every passing node too is most of a check). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((node) => node.target.join(' ')) }));
}

/** The regions no capture can make steady, masked in both sides alike: frames (another host's content, not loaded) and islands that never hydrated. */
async function masks(page: Page, pending: string[]): Promise<Array<{ selector: string; reason: string }>> {
  const found: Array<{ selector: string; reason: string }> = [];
  if (await page.locator('iframe').count()) found.push({ selector: 'iframe', reason: 'a frame shows another host, which a review does not load' });
  for (const island of new Set(pending))
    found.push({
      selector: `sitegen-island[data-island="${island}"]`,
      reason: `the island ${island} did not hydrate within ${(HYDRATION_ROUNDS * HYDRATION_WAIT_MS) / 1000} s`,
    });
  return found;
}

/** Captures one page of a side at one width, full length, with its weight and, when `axe` is set, its accessibility violations. */
export async function capturePage(side: SideBrowser, origin: string, route: string, width: ReviewWidth, axe: boolean): Promise<Capture> {
  const page = await side.page(width);
  const sizes: Array<Promise<number>> = [];
  let open = 0;
  const opened = () => open++;
  const failed = () => open--;
  const finished = (request: Request) => {
    open--;
    sizes.push(
      request
        .response()
        .then(async (response) => (await response?.body())?.length ?? 0)
        .catch(() => 0),
    );
  };
  page.on('request', opened);
  page.on('requestfailed', failed);
  page.on('requestfinished', finished);
  let done = false;
  try {
    const response = await page.goto(origin + route, { waitUntil: 'load' });
    const pending = await steady(page, () => open);
    const violations = axe ? await axeViolations(page) : undefined;
    const regions = await masks(page, pending);
    const boxes = await Promise.all(
      regions.map(async (region) => ({
        ...region,
        boxes: (await Promise.all((await page.locator(region.selector).all()).map((element) => element.boundingBox()))).filter((box) => box !== null),
      })),
    );
    const pageHeight = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    const height = Math.min(pageHeight, MAX_CAPTURE_HEIGHT);
    const png = await page.screenshot({
      fullPage: true,
      clip: { x: 0, y: 0, width, height },
      scale: 'css',
      mask: regions.map((region) => page.locator(region.selector)),
      maskColor: '#9a3ad1',
    });
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    done = true;
    return {
      status: response?.status() ?? 0,
      png,
      pageHeight,
      bytes,
      ...(violations && { violations }),
      masked: boxes.flatMap((region) =>
        region.boxes.map((box) => ({
          selector: region.selector,
          reason: region.reason,
          box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
        })),
      ),
    };
  } finally {
    page.off('request', opened);
    page.off('requestfailed', failed);
    page.off('requestfinished', finished);
    // A page left midway (a capture that failed) may still be busy: it is closed, not reused.
    if (done) side.release(width, page);
    else await page.close();
  }
}
