import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, type OpenOptions } from '../helpers/browser.ts';
import { contentYaml, pageBlocks } from '../helpers/realContent.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

/** What the cards must show, derived from content/pricing.yaml, so that an editor's new price or label keeps these tests true. */
type Billing = 'annual' | 'quarterly';
interface Plan {
  name: string;
  prices?: Record<Billing, number>;
  display?: 'tailored' | 'coming-soon';
  popular?: boolean;
  details?: string;
  features?: string[];
  cta: { label: string; href: string };
}
const pricing = contentYaml<{
  badge: string;
  billing: Record<Billing, { label: string; note: string }> & { default: Billing };
  labels: Record<'groups' | 'perMonth' | 'tailored' | 'free' | 'comingSoon' | 'plannedFeatures' | 'popular' | 'learnMore' | 'accessAndSupport', string>;
  defaultGroup: string;
  groups: { key: string; label: string; visible: boolean; plans: Plan[] }[];
  addOns: { items: { name: string; details?: string }[] };
  details: Record<string, { title: string; access: string[]; diagram?: { alt: string } }>;
  faq: { question: string }[];
  contactSales: { label: string };
}>('pricing.yaml');
const dollars = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
/** A plan card's price as a visitor reads it for a billing period. */
function shownPrice(plan: Plan, billing: Billing): string {
  if (plan.display === 'tailored') return pricing.labels.tailored;
  if (plan.display === 'coming-soon' || !plan.prices) return pricing.labels.comingSoon;
  if (plan.prices.annual === 0 && plan.prices.quarterly === 0) return pricing.labels.free;
  return `${dollars(plan.prices[billing])} ${pricing.labels.perMonth} ${pricing.billing[billing].note}`;
}
const visibleGroups = pricing.groups.filter((g) => g.visible);
const defaultGroup = pricing.groups.find((g) => g.key === pricing.defaultGroup)!;
const otherGroup = visibleGroups.find((g) => g !== defaultGroup);
const otherBilling: Billing = pricing.billing.default === 'annual' ? 'quarterly' : 'annual';
/** Plans and add-ons with a details dialog, by the name on their "Learn More" button. */
const withDetails = [...visibleGroups.flatMap((g) => g.plans), ...pricing.addOns.items].filter((p) => p.details);
const withDiagram = withDetails.find((p) => pricing.details[p.details!]!.diagram);

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
    const { default: first } = pricing.billing;
    expect(await page.getByRole('radio', { name: defaultGroup.label }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: pricing.billing[first].label }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Billing period' }).textContent()).toContain(pricing.badge);
    expect(await cards(page)).toEqual(defaultGroup.plans.map((plan) => ({ name: plan.name, price: shownPrice(plan, first) })));
    await page.getByText(pricing.billing[otherBilling].label, { exact: true }).click();
    expect(await page.getByRole('radio', { name: pricing.billing[otherBilling].label }).isChecked()).toBe(true);
    expect((await cards(page)).map((c) => c.price)).toEqual(defaultGroup.plans.map((plan) => shownPrice(plan, otherBilling)));
    if (defaultGroup.plans.some((plan) => plan.popular)) expect(await page.getByText(pricing.labels.popular).isVisible()).toBe(true);
    expect(warnings).toEqual([]);
    await close();
  });

  it.skipIf(!otherGroup)(
    'switches to the next group by keyboard, its plans priced by period, and plans coming soon each with what it will offer and a way to hear of it',
    async () => {
      const group = otherGroup!;
      const { page, close } = await open('/pricing-preview');
      await page.getByRole('radio', { name: defaultGroup.label }).focus();
      await page.keyboard.press(visibleGroups.indexOf(group) > visibleGroups.indexOf(defaultGroup) ? 'ArrowRight' : 'ArrowLeft');
      expect(await page.getByRole('radio', { name: group.label }).isChecked()).toBe(true);
      expect(await cards(page)).toEqual(group.plans.map((plan) => ({ name: plan.name, price: shownPrice(plan, pricing.billing.default) })));
      await page.getByText(pricing.billing[otherBilling].label, { exact: true }).click();
      expect(await cards(page)).toEqual(group.plans.map((plan) => ({ name: plan.name, price: shownPrice(plan, otherBilling) })));
      const upcoming = page.locator('section:visible > ul > li article').filter({ hasText: pricing.labels.comingSoon });
      // A plan coming soon lists its features as what it will offer.
      for (const { name, features = [], cta } of group.plans.filter((plan) => plan.display === 'coming-soon')) {
        const card = upcoming.filter({ has: page.getByRole('heading', { name, exact: true }) });
        if (features.length) expect(await card.getByText(pricing.labels.plannedFeatures).isVisible(), name).toBe(true);
        expect(await card.getByRole('listitem').count(), name).toBe(features.length);
        expect(await card.getByRole('link', { name: `${cta.label} about ${name}` }).getAttribute('href'), name).toBe(cta.href);
      }
      await close();
    },
  );

  it('gives plans on sale the same height, and keeps a plan coming soon as short as what it says, at 1280 px', async () => {
    const { page, close } = await open('/pricing-preview', { width: 1280 });
    const heights = () => page.locator('section:visible > ul > li article').evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().height)));
    const onSale = (plans: Plan[], shown: number[]) => shown.filter((_, i) => plans[i]!.display !== 'coming-soon');
    const first = await heights();
    expect(first).toHaveLength(defaultGroup.plans.length);
    expect(new Set(onSale(defaultGroup.plans, first)).size).toBe(1);
    for (const group of visibleGroups.filter((g) => g !== defaultGroup)) {
      await page.locator('label', { hasText: group.label }).click();
      const shown = await heights();
      const tallest = Math.max(...onSale(group.plans, shown));
      // No empty body under a card's last line: each is shorter than the cards on sale beside it.
      shown.forEach((height, i) => group.plans[i]!.display === 'coming-soon' && expect(height, group.plans[i]!.name).toBeLessThan(tallest));
    }
    await close();
  });

  const detailed = defaultGroup.plans.find((plan) => plan.details);
  it.skipIf(!detailed)('opens a plan’s details by keyboard in a modal dialog that keeps focus, closes on Escape and returns focus', async () => {
    const { name, details } = detailed!;
    const shown = pricing.details[details!]!;
    const { page, close } = await open('/pricing-preview');
    const button = page.getByRole('button', { name: `${pricing.labels.learnMore} about ${name}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: shown.title, exact: true });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: pricing.labels.accessAndSupport }).isVisible()).toBe(true);
    for (const line of shown.access) expect(await dialog.textContent()).toContain(line);
    expect(await locked(page)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => locked(page)).toBe(false);
    expect(await focusedText(page)).toBe(`${pricing.labels.learnMore} about ${name}`);
    await close();
  });

  it.skipIf(!withDiagram)('closes the dialog with its close button and with a click on the backdrop, restoring the scroll position', async () => {
    const { name, details } = withDiagram!;
    const shown = pricing.details[details!]!;
    const { page, close } = await open('/pricing-preview');
    const button = page.getByRole('button', { name: `${pricing.labels.learnMore} about ${name}` });
    await button.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    await button.click();
    const dialog = page.getByRole('dialog', { name: shown.title, exact: true });
    await dialog.waitFor();
    expect(await dialog.getByRole('img', { name: shown.diagram!.alt, exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedText(page)).toBe(`${pricing.labels.learnMore} about ${name}`);

    await button.click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => locked(page)).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await close();
  });

  it.skipIf(pricing.faq.length < 2)('answers one FAQ question at a time and links Contact Sales to the external page in a new tab', async () => {
    const [first, second] = pricing.faq.map((f) => f.question);
    const { page, close } = await open('/pricing-preview');
    await page.getByText(first!).click();
    await page.getByText(second!).click();
    expect(await page.locator('details[open] summary').evaluateAll((s) => s.map((e) => (e as HTMLElement).innerText.replace('+', '').trim()))).toEqual([
      second,
    ]);
    const contact = page.getByRole('link', { name: pricing.contactSales.label });
    expect(await contact.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await contact.getAttribute('target')).toBe('_blank');
    expect(await contact.getAttribute('rel')).toBe('noopener noreferrer');
    await close();
  });

  it('without JavaScript lists both groups at annual prices and every detail as an anchored section', async () => {
    const { page, close } = await open('/pricing-preview', { javaScriptEnabled: false });
    for (const group of visibleGroups) expect(await page.getByRole('heading', { name: group.label }).isVisible()).toBe(true);
    expect((await cards(page)).map((c) => c.price)).toEqual(visibleGroups.flatMap((g) => g.plans.map((plan) => shownPrice(plan, pricing.billing.default))));
    const links = page.getByRole('link', { name: new RegExp(`^${pricing.labels.learnMore} about`) });
    expect(await links.count()).toBe(withDetails.length);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      expect(await page.locator(href).isVisible(), href).toBe(true);
    }
    for (const { details } of withDetails) expect(await page.locator(`#details-${details}`).textContent()).toContain(pricing.labels.accessAndSupport);
    expect(await page.locator('main details summary').count()).toBe(pricing.faq.length);
    await close();
  });
});

/** A page with a partner offer (the SponsorPitch offer when this was written), and its block. */
interface PartnerOffer {
  heading: string;
  group: string;
  plan: string;
  freeMonths: number;
  billing: Billing;
  offer: { price: string; saving: string };
  actions: { label: string; href: string }[];
}
const offerPage = pageBlocks<PartnerOffer>('partner-offer')[0];

describe('partner offer', () => {
  it.skipIf(!offerPage)('states the free months, the price after them and the saving from pricing.yaml, with the plan’s features and both links', async () => {
    const { route, block } = offerPage!;
    const plan = pricing.groups.find((g) => g.key === block!.group)!.plans.find((p) => p.name === block!.plan)!;
    const monthly = plan.prices![block!.billing];
    const filled = (text: string) =>
      text
        .replace(/\{months\}/g, String(block!.freeMonths))
        .replace(/\{plan\}/g, plan.name)
        .replace(/\{price\}/g, dollars(monthly))
        .replace(/\{saving\}/g, dollars(monthly * block!.freeMonths));
    const { page, close } = await open(route, { javaScriptEnabled: false });
    const text = (await page.locator('main').textContent())!;
    for (const said of [block!.heading, block!.offer.price, block!.offer.saving]) expect(text).toContain(filled(said));
    for (const feature of plan.features ?? []) expect(text).toContain(feature);
    const [claim, more] = block!.actions;
    expect(await page.getByRole('link', { name: filled(claim!.label) }).getAttribute('href')).toBe(claim!.href);
    expect(
      await page
        .getByRole('link', { name: filled(more!.label) })
        .first()
        .getAttribute('href'),
    ).toBe(more!.href);
    await close();
  });
});
