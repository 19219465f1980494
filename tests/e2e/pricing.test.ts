import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, type OpenOptions } from '../helpers/browser.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

async function open(route: string, options?: OpenOptions) {
  const opened = await openPage(env.browser, env.site.origin + route, options);
  if (options?.javaScriptEnabled !== false && route === '/pricing-preview') await hydrated(opened.page, 'PricingPlans');
  return opened;
}

/** The name and shown price of each plan card on screen. */
const cards = (page: Page) =>
  page.locator('section:visible > ul > li article').evaluateAll((articles) =>
    articles.map((a) => ({
      name: a.querySelector('h3')?.textContent,
      // A plan on sale shows its price in the block after its description; one coming soon, a label beside its name.
      price: ((a.querySelector('h3 ~ div') ?? a.querySelector('h3 + p')) as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    })),
  );
const locked = (page: Page) => page.evaluate(() => document.documentElement.style.overflow === 'hidden');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('pricing page', () => {
  it('shows property plans billed annually by default, and quarterly prices when Quarterly is chosen', async () => {
    const { page, warnings, close } = await open('/pricing-preview');
    expect(await page.getByRole('radio', { name: 'For Properties' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Annually/ }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Billing period' }).textContent()).toContain('Save 20%');
    expect(await cards(page)).toEqual([
      { name: 'Starter', price: '$225 /month billed annually' },
      { name: 'Essentials', price: '$375 /month billed annually' },
      { name: 'Pro', price: '$675 /month billed annually' },
      { name: 'Scale', price: 'Tailored Pricing' },
    ]);
    await page.getByText('Quarterly', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Quarterly' }).isChecked()).toBe(true);
    expect((await cards(page)).map((c) => c.price)).toEqual([
      '$270 /month billed every 3 months',
      '$475 /month billed every 3 months',
      '$845 /month billed every 3 months',
      'Tailored Pricing',
    ]);
    expect(await page.getByText('Most popular').isVisible()).toBe(true);
    expect(warnings).toEqual([]);
    await close();
  });

  it('switches to brand plans by keyboard: Free with no billing period, and the others coming soon, each with what it will offer and a way to hear of it', async () => {
    const { page, close } = await open('/pricing-preview');
    await page.getByRole('radio', { name: 'For Properties' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'For Brands' }).isChecked()).toBe(true);
    expect(await cards(page)).toEqual([
      { name: 'Free', price: 'Free' },
      { name: 'Standard', price: 'Coming soon' },
      { name: 'Premium', price: 'Coming soon' },
      { name: 'Enterprise+', price: 'Coming soon' },
    ]);
    await page.getByText('Quarterly', { exact: true }).click();
    expect((await cards(page))[0]).toEqual({ name: 'Free', price: 'Free' });
    const upcoming = page.locator('section:visible > ul > li article').filter({ hasText: 'Coming soon' });
    for (const [name, action, href] of [
      ['Standard', 'Notify me', '/newsletter'],
      ['Premium', 'Notify me', '/newsletter'],
      ['Enterprise+', 'Talk to us', '/contact'],
    ]) {
      const card = upcoming.filter({ has: page.getByRole('heading', { name, exact: true }) });
      expect(await card.getByText('What it will offer').isVisible(), name).toBe(true);
      expect(await card.getByRole('listitem').count(), name).toBeGreaterThanOrEqual(3);
      expect(await card.getByRole('link', { name: `${action} about ${name}` }).getAttribute('href'), name).toBe(href);
    }
    await close();
  });

  it('gives plans on sale the same height, and keeps a plan coming soon as short as what it says, at 1280 px', async () => {
    const { page, close } = await open('/pricing-preview', { width: 1280 });
    const heights = () => page.locator('section:visible > ul > li article').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().height)));
    const properties = await heights();
    expect(properties).toHaveLength(4);
    expect(new Set(properties).size).toBe(1);
    await page.locator('label', { hasText: 'For Brands' }).click();
    const [free, ...upcoming] = await heights();
    // No empty body under a card's last line: each is shorter than the card of the free plan beside it.
    for (const height of upcoming) expect(height).toBeLessThan(free! - 80);
    await close();
  });

  it('opens a plan’s details by keyboard in a modal dialog that keeps focus, closes on Escape and returns focus', async () => {
    const { page, close } = await open('/pricing-preview');
    const button = page.getByRole('button', { name: 'Learn More about Pro' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pro' });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Access and Support' }).isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Monthly check-ins with our customer success team');
    expect(await locked(page)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => locked(page)).toBe(false);
    expect(await focusedText(page)).toBe('Learn More about Pro');
    await close();
  });

  it('closes the dialog with its close button and with a click on the backdrop, restoring the scroll position', async () => {
    const { page, close } = await open('/pricing-preview');
    const button = page.getByRole('button', { name: 'Learn More about Enterprise Network' });
    await button.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Enterprise Network' });
    await dialog.waitFor();
    expect(await dialog.getByRole('img', { name: /^Diagram of an enterprise network/ }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedText(page)).toBe('Learn More about Enterprise Network');

    await button.click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => locked(page)).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await close();
  });

  it('answers one FAQ question at a time and links Contact Sales to the external page in a new tab', async () => {
    const { page, close } = await open('/pricing-preview');
    await page.getByText('Can I switch plans later?').click();
    await page.getByText('What support is included?').click();
    expect(await page.locator('details[open] summary').evaluateAll((s) => s.map((e) => (e as HTMLElement).innerText.replace('+', '').trim()))).toEqual([
      'What support is included?',
    ]);
    const contact = page.getByRole('link', { name: /Contact Sales/ });
    expect(await contact.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await contact.getAttribute('target')).toBe('_blank');
    expect(await contact.getAttribute('rel')).toBe('noopener noreferrer');
    await close();
  });

  it('without JavaScript lists both groups at annual prices and every detail as an anchored section', async () => {
    const { page, close } = await open('/pricing-preview', { javaScriptEnabled: false });
    expect(await page.getByRole('heading', { name: 'For Properties' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'For Brands' }).isVisible()).toBe(true);
    expect((await cards(page)).map((c) => c.price)).toEqual([
      '$225 /month billed annually',
      '$375 /month billed annually',
      '$675 /month billed annually',
      'Tailored Pricing',
      'Free',
      'Coming soon',
      'Coming soon',
      'Coming soon',
    ]);
    const links = page.getByRole('link', { name: /^Learn More about/ });
    expect(await links.count()).toBe(6);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      expect(await page.locator(href).isVisible(), href).toBe(true);
    }
    expect(await page.locator('#details-enterprise-network').textContent()).toContain('Access and Support');
    expect(await page.locator('main details summary').count()).toBe(4);
    await close();
  });
});

describe('SponsorPitch offer', () => {
  it('states the free months, the price after them and the saving from pricing.yaml, with the Starter features and both links', async () => {
    const { page, close } = await open('/sponsorpitch-promotion', { javaScriptEnabled: false });
    const text = (await page.locator('main').textContent())!;
    expect(text).toContain('3 months of Touchline Starter, on us');
    expect(text).toContain('Then $270 per month, billed every 3 months.');
    expect(text).toContain('You save $810');
    for (const feature of [
      'Unlimited contacts and companies',
      'Deal management and tracking',
      'Basic analytics and reporting',
      'Email integration',
      'Priority customer support',
    ])
      expect(text).toContain(feature);
    expect(await page.getByRole('link', { name: 'Claim Your 3 Months Free' }).getAttribute('href')).toBe('/contact');
    expect(
      await page
        .getByRole('link', { name: /^Learn More/ })
        .first()
        .getAttribute('href'),
    ).toBe('/sponsorship-crm');
    await close();
  });
});
