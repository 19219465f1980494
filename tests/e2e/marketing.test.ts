import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, type OpenOptions } from '../helpers/browser.ts';
import { pageBlocks } from '../helpers/realContent.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

const open = (route: string, options?: OpenOptions) => openPage(env.browser, env.site.origin + route, options);

/** The home page's testimonials, a page's screenshots and a page's FAQ, as the content has them. */
const testimonials = pageBlocks<{ items: unknown[] }>('testimonials').find((p) => p.route === '/')?.block.items.length ?? 0;
const screenshots = pageBlocks<{ slides: unknown[] }>('screenshots').find((p) => p.block.slides.length > 1);
const faq = pageBlocks<{ items: unknown[] }>('faq').find((p) => p.block.items.length > 1);
const hero = pageBlocks<{ image?: { src: string; narrow?: string } }>('hero').find((p) => p.route === '/')?.block.image;

describe('mobile drawer', () => {
  async function openDrawer(page: Page) {
    if (!(await page.getByRole('button', { name: 'Menu' }).count())) {
      await page.getByRole('link', { name: 'Menu' }).hover();
      await hydrated(page, 'MobileMenu');
    }
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.waitForSelector('dialog[open]');
  }
  const locked = (page: Page) => page.evaluate(() => document.body.style.overflow === 'hidden');

  it('opens as a modal dialog with focus inside and scroll locked; Escape closes it and returns focus', async () => {
    const { page, close } = await open('/', { width: 390 });
    await openDrawer(page);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await locked(page)).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[open]', { state: 'detached' }).catch(() => undefined);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await locked(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    await close();
  });

  it('closes on the backdrop and when a link is chosen, and a page restored from the back/forward cache is unlocked', async () => {
    const { page, close } = await open('/', { width: 390 });
    await openDrawer(page);
    await page.mouse.click(195, 20);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await locked(page)).toBe(false);

    await openDrawer(page);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await locked(page)).toBe(false);

    await openDrawer(page);
    await page.locator('dialog').getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL('**/overview');
    expect(await page.locator('main h1').count()).toBe(1);
    await close();
  });

  it('closes when swiped down past a quarter of its height or flicked, and stays open after a short slow drag', async () => {
    const { page, close } = await open('/', { width: 390 });
    const drag = async (distance: number, steps: number, pause: number) => {
      const box = (await page.locator('[data-drawer-handle]').boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + 10;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= steps; i++) {
        await page.mouse.move(x, y + (distance * i) / steps);
        if (pause) await page.waitForTimeout(pause);
      }
      await page.mouse.up();
    };
    await openDrawer(page);
    const height = (await page.locator('dialog > div').boundingBox())!.height;
    await drag(height * 0.1, 10, 40);
    expect(await page.locator('dialog[open]').count()).toBe(1);
    await drag(height * 0.35, 10, 40);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await openDrawer(page);
    await drag(60, 2, 0);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await close();
  });
});

describe('header drop-downs', () => {
  it('open with Enter, move with the arrow keys, and close with Escape, returning focus', async () => {
    const { page, close } = await open('/');
    const solutions = page.locator('header summary', { hasText: 'Solutions' });
    await solutions.focus();
    await hydrated(page, 'NavMenus');
    await page.keyboard.press('Enter');
    expect(await page.locator('header details[open] summary').textContent()).toBe('Solutions');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('span')?.textContent)).toBe('Overview');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('span')?.textContent)).toBe('Sponsorship CRM');
    await page.keyboard.press('Escape');
    expect(await page.locator('header details[open]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Solutions');
    await close();
  });

  it('Sign In opens the application in a new tab; Get Started goes to /contact', async () => {
    const { page, close } = await open('/');
    const signIn = page.locator('header a', { hasText: 'Sign In' });
    expect(await signIn.getAttribute('href')).toBe('https://app.touchline.example');
    expect(await signIn.getAttribute('target')).toBe('_blank');
    expect(await signIn.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator('header a', { hasText: 'Get Started' }).getAttribute('href')).toBe('/contact');
    await close();
  });
});

describe.skipIf(testimonials < 2)('testimonial carousel', () => {
  const position = (page: Page) => page.locator('section[aria-label="Customer testimonials"] p').last().textContent();
  // One slide interval at a time, letting React commit before the next timer is due.
  const advance = async (page: Page, slides: number, ms = 4000) => {
    for (let i = 0; i < slides; i++) {
      await page.clock.runFor(ms);
      await page.waitForTimeout(30);
    }
  };

  it('advances every 4000 ms, wraps, keeps playing after interaction, and pauses on request and on hover', async () => {
    const { page, close } = await open('/', { reducedMotion: false, clock: true });
    await page
      .locator('section[aria-label="Customer testimonials"]')
      .scrollIntoViewIfNeeded()
      .catch(() => undefined);
    await page.evaluate(() => document.querySelector('sitegen-island[data-island="Testimonials"]')?.firstElementChild?.scrollIntoView());
    await page.clock.runFor(500);
    await hydrated(page, 'Testimonials');
    // The pause control renders once hydration has committed, and with it the autoplay timer.
    await page.getByRole('button', { name: 'Pause testimonials' }).waitFor();
    // Stop the clock, then hover and leave so the slide timer restarts at a known instant:
    // timing from here on does not depend on how long hydration took in real time. The clock goes
    // on in real time until it is paused, so it is paused a second ahead of what the page read, and
    // the slides are counted from wherever they stand then.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const carousel = (await page.locator('section[aria-label="Customer testimonials"]').boundingBox())!;
    await page.mouse.move(carousel.x + carousel.width / 2, carousel.y + 40);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(30);
    const first = Number(new RegExp(`^(\\d+) / ${testimonials}$`).exec((await position(page)) ?? '')?.[1]);
    expect(first).toBeGreaterThan(0);
    /** The slide `k` slides after the first, as the carousel shows it (it wraps after the fourth). */
    const slide = (k: number) => `${((first - 1 + k) % testimonials) + 1} / ${testimonials}`;
    await page.clock.runFor(3900);
    expect(await position(page)).toBe(slide(0));
    await page.clock.runFor(200);
    expect(await position(page)).toBe(slide(1));
    await advance(page, 2);
    expect(await position(page)).toBe(slide(3));
    await advance(page, 1);
    expect(await position(page)).toBe(slide(4));

    await page.getByRole('button', { name: 'Next slide' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await position(page)).toBe(slide(5));
    await advance(page, 1);
    expect(await position(page)).toBe(slide(6));

    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await advance(page, 3);
    expect(await position(page)).toBe(slide(6));
    await page.getByRole('button', { name: 'Play testimonials' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(carousel.x + carousel.width / 2, carousel.y + 40);
    await advance(page, 2);
    expect(await position(page)).toBe(slide(6));
    await page.mouse.move(0, 0);
    await advance(page, 1);
    expect(await position(page)).toBe(slide(7));
    await close();
  });

  it('does not autoplay under prefers-reduced-motion', async () => {
    const { page, close } = await open('/', { reducedMotion: true, clock: true });
    await page.evaluate(() => document.querySelector('sitegen-island[data-island="Testimonials"]')?.firstElementChild?.scrollIntoView());
    await page.clock.runFor(500);
    await hydrated(page, 'Testimonials');
    await page.mouse.move(0, 0);
    await page.clock.runFor(12000);
    expect(await position(page)).toBe(`1 / ${testimonials}`);
    await close();
  });
});

describe('the home page on a phone', () => {
  it.skipIf(!hero?.narrow)('shows a readable crop of the hero’s dashboard at 390 px, and the whole of it at 1280 px', async () => {
    for (const [width, file] of [
      [390, hero!.narrow!],
      [1280, hero!.src],
    ] as const) {
      const { page, close } = await open('/', { width });
      const hero = page.locator('main section').first().getByRole('img');
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).pathname)).toBe(file);
      // The phone's crop is drawn at more than half its size, where the whole 1,200 px dashboard would be at under a third.
      if (width === 390) expect(await hero.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width / img.naturalWidth)).toBeGreaterThan(0.5);
      await close();
    }
  });

  it('centres each testimonial’s avatar, name and title under its quote, and keeps its company on one line, at 390 px', async () => {
    const { page, close } = await open('/', { width: 390 });
    const slides = await page.locator('section[aria-label="Customer testimonials"] figure').evaluateAll((figures) =>
      figures.map((figure) => {
        const centre = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.left + box.width / 2;
        };
        const quote = figure.querySelector('blockquote')!;
        const caption = figure.querySelector('figcaption')!;
        const company = caption.querySelector('.whitespace-nowrap')!;
        return {
          offsets: [caption.querySelector('img')!, ...caption.querySelectorAll(':scope > span > span')].map(
            (part) => Math.abs(centre(part) - centre(quote)) < 2,
          ),
          align: getComputedStyle(caption.querySelector('span')!).textAlign,
          companyLines: new Set([...company.getClientRects()].map((r) => Math.round(r.top))).size,
        };
      }),
    );
    expect(slides.length).toBe(testimonials);
    for (const slide of slides) expect(slide).toEqual({ offsets: [true, true, true], align: 'center', companyLines: 1 });
    await close();
  });
});

describe('screenshot carousel, FAQ, video and form', () => {
  it.skipIf(!screenshots)('moves with labelled Previous/Next buttons and the arrow keys', async () => {
    const count = screenshots!.block.slides.length;
    const { page, close } = await open(screenshots!.route);
    await page.evaluate(() => document.querySelector('sitegen-island[data-island="Carousel"]')?.firstElementChild?.scrollIntoView());
    await hydrated(page, 'Carousel');
    const status = page.locator('section[aria-roledescription="carousel"] [aria-live="polite"]');
    await expect.poll(() => status.textContent()).toBe(`Slide 1 of ${count}`);
    expect(await page.getByRole('button', { name: 'Previous slide' }).isDisabled()).toBe(true);
    for (let n = 2; n <= count; n++) {
      await page.getByRole('button', { name: 'Next slide' }).click();
      expect(await status.textContent()).toBe(`Slide ${n} of ${count}`);
    }
    expect(await page.getByRole('button', { name: 'Next slide' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous slide' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await status.textContent()).toBe(`Slide ${count - 1} of ${count}`);
    await close();
  });

  it.skipIf(!faq)('FAQ keeps at most one answer open', async () => {
    const { page, close } = await open(faq!.route);
    const items = page.locator('details[name]');
    expect(await items.count()).toBe(faq!.block.items.length);
    const openCount = () => page.locator('details[name][open]').count();
    await items.nth(0).locator('summary').click();
    expect(await items.nth(0).getAttribute('open')).toBe('');
    await items.nth(1).locator('summary').click();
    expect(await items.nth(0).getAttribute('open')).toBeNull();
    expect(await openCount()).toBe(1);
    await items.nth(1).locator('summary').click();
    expect(await openCount()).toBe(0);
    await close();
  });

  it('loads the demo video only when asked', async () => {
    const { page, close } = await open('/overview');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.evaluate(() => document.querySelector('sitegen-island[data-island="VideoFacade"]')?.firstElementChild?.scrollIntoView());
    await hydrated(page, 'VideoFacade');
    expect(requests.filter((u) => u.includes('youtube'))).toEqual([]);
    await page.getByRole('link', { name: /Play video/ }).click();
    expect(await page.locator('iframe[src*="youtube-nocookie.com/embed/"][src*="autoplay=1"]').count()).toBe(1);
    await close();
  });

  it('creates the lead form with the configured ids once the provider script loads', async () => {
    const { page, warnings, close } = await open('/contact');
    await page.waitForSelector('#hubspot-form-container form');
    expect(await page.locator('#hubspot-form-container form').evaluate((f) => ({ ...(f as HTMLElement).dataset }))).toEqual({
      portal: '48213657',
      form: '6f1c2d8e-3b4a-4c5d-9e7f-2a1b3c4d5e6f',
      region: 'na1',
    });
    expect(await page.getByText(/e-mail us at/).count()).toBe(0);
    expect(warnings).toEqual([]);
    expect(await page.locator('script[src="https://js.hsforms.net/forms/shell.js"]').count()).toBe(1);
    await close();
  });

  it('says so in the console and shows an e-mail fallback when the script fails to load', async () => {
    const { page, warnings, close } = await open('/contact', { formScript: null });
    await page.waitForSelector('text=The form could not be loaded.');
    expect(await page.locator('a[href="mailto:hello@touchline.example"]', { hasText: 'hello@touchline.example' }).count()).toBeGreaterThan(0);
    expect(warnings).toContain('Lead form: the form provider script failed to load, so the form is not shown.');
    await close();
  });

  it('says so in the console and shows the fallback when the script has no form global', async () => {
    const { page, warnings, close } = await open('/contact', { formScript: '/* no global */' });
    await page.waitForSelector('text=The form could not be loaded.');
    expect(warnings).toContain('Lead form: the form provider script loaded but window.hbspt was not found, so no form was created.');
    await close();
  });

  it('Get Started and Schedule Demo on the home page take the visitor to the form', async () => {
    for (const name of ['Get Started', 'Schedule Demo']) {
      const { page, close } = await open('/');
      await page.locator('main').getByRole('link', { name, exact: true }).first().click();
      await expect.poll(() => page.evaluate(() => Math.abs(document.getElementById('lead-form')!.getBoundingClientRect().top) < 120)).toBe(true);
      expect(new URL(page.url()).hash).toBe('#lead-form');
      await close();
    }
  });
});

describe('heading permalinks', () => {
  it('keep each heading named by its text alone, reachable by keyboard and marked on focus', async () => {
    const { page, close } = await open('/privacy-policy');
    const heading = page.getByRole('heading', { level: 2 }).filter({ hasText: /^1\./ }).first();
    const text = (await heading.textContent())!;
    expect(text).toMatch(/^1\. \S/);
    expect(text).not.toContain('#');
    const snapshot = await heading.ariaSnapshot();
    expect(snapshot).toContain(`heading "${text}" [level=2]`);
    const link = heading.getByRole('link', { name: text, exact: true });
    expect(await link.getAttribute('href')).toBe(`#${await heading.getAttribute('id')}`);
    // The link looks like the heading it is: same weight and colour, no underline.
    expect(await link.evaluate((a) => [a, a.parentElement!].map((el) => `${getComputedStyle(el).fontWeight} ${getComputedStyle(el).color}`))).toEqual(
      await heading.evaluate((h) => [h, h].map((el) => `${getComputedStyle(el).fontWeight} ${getComputedStyle(el).color}`)),
    );
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    const sign = () => link.evaluate((a) => getComputedStyle(a, '::after').opacity);
    expect(await sign()).toBe('0');
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(sign).toBe('1');
    await close();
  });
});
