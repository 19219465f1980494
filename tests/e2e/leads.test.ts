import { describe, expect, it } from 'vitest';
import { touchlineSiteSchema } from '../../templates/schemas/site.ts';
import { hydrated, openPage, type OpenOptions } from '../helpers/browser.ts';
import { contentYaml, pageBlocks } from '../helpers/realContent.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();
// The frames and the form as content/site.yaml configures them (the rest of the file is checked by sitegen check).
const configured = contentYaml('site.yaml');
const site = touchlineSiteSchema
  .pick({ forms: true, newsletter: true, assistant: true })
  .parse({ forms: configured.forms, newsletter: configured.newsletter, assistant: configured.assistant });
const open = (route: string, options?: OpenOptions) => openPage(env.browser, env.site.origin + route, options);

/** Each page whose hero leads to its form (the report and the deck when this was written): its route, the hero's button and the form's heading. */
const forms = new Map(pageBlocks<{ heading: string }>('form').map((p) => [p.route, p.block.heading]));
// The home page's form, under a button the header also has, is tried in marketing.test.ts.
const leadPages = pageBlocks<{ actions?: { label: string; href: string }[] }>('hero').flatMap(({ route, block }) => {
  const button = block.actions?.find((a) => a.href === '#lead-form')?.label;
  return button && route !== '/' && forms.has(route) ? [[route, button, forms.get(route)!] as const] : [];
});

describe.each(leadPages)('lead page %s', (route, button, heading) => {
  it(`"${button}" scrolls to the form, which the provider's script creates once with the configured ids`, async () => {
    const { page, warnings, close } = await open(route, { reducedMotion: false });
    await page.getByRole('link', { name: button }).first().click();
    const form = page.locator('#lead-form');
    // The form section ends up at the top of the viewport, just below the sticky header.
    await expect
      .poll(() => form.evaluate((el) => ({ top: el.getBoundingClientRect().top, header: document.querySelector('header')!.getBoundingClientRect().bottom })))
      .toSatisfy(({ top, header }) => top >= header - 1 && top <= header + 24);
    expect(await form.getByRole('heading').first().textContent()).toBe(heading);
    await hydrated(page, 'LeadForm');
    const created = form.getByRole('form', { name: 'Contact us' });
    await created.waitFor();
    expect(await created.getAttribute('data-portal')).toBe(site.forms.portalId);
    expect(await created.getAttribute('data-form')).toBe(site.forms.formId);
    expect(await created.getAttribute('data-region')).toBe(site.forms.region);
    expect(await page.locator('script[src^="https://"]').evaluateAll((s) => s.map((e) => e.getAttribute('src')))).toEqual([site.forms.scriptUrl]);
    expect(warnings).toEqual([]);
    await close();
  });

  it(`without JavaScript, "${button}" is an anchor to the form section`, async () => {
    const { page, close } = await open(route, { javaScriptEnabled: false });
    await page.getByRole('link', { name: button }).first().click();
    expect(new URL(page.url()).hash).toBe('#lead-form');
    expect(await page.locator('#lead-form').isVisible()).toBe(true);
    await close();
  });
});

describe('embedded frames', () => {
  it('/newsletter shows the signup form in a lazy 540 × 975 frame with a title, no extra permissions, and fits a 390 px screen', async () => {
    const { page, close } = await open('/newsletter', { width: 390 });
    const frame = page.locator('iframe');
    expect(await frame.count()).toBe(1);
    expect(await frame.evaluate((f) => Object.fromEntries([...f.attributes].filter((a) => a.name !== 'class').map((a) => [a.name, a.value])))).toEqual({
      src: site.newsletter.url,
      title: site.newsletter.title,
      width: '540',
      height: '975',
      loading: 'lazy',
    });
    const box = (await frame.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await close();
  });

  it('/ask-mitch shows the assistant in a lazy 500 px frame allowed only the camera and microphone', async () => {
    const { page, close } = await open('/ask-mitch');
    const frame = page.locator('iframe');
    expect(await frame.count()).toBe(1);
    expect(await frame.evaluate((f) => Object.fromEntries([...f.attributes].filter((a) => a.name !== 'class').map((a) => [a.name, a.value])))).toEqual({
      src: site.assistant.url,
      title: site.assistant.title,
      height: '500',
      allow: 'camera; microphone',
      loading: 'lazy',
    });
    await frame.scrollIntoViewIfNeeded();
    expect((await frame.boundingBox())!.height).toBe(500);
    expect(await page.getByText('Mitch is an AI assistant.').isVisible()).toBe(true);
    await close();
  });
});
