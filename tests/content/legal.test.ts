import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { legalDocuments, longDate } from '../helpers/realContent.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();

async function rendered(slug: string) {
  const { page, close } = await openPage(env.browser, `${env.site.origin}/${slug}`, { javaScriptEnabled: false });
  const result = {
    date: await page.locator('main header time').evaluate((t) => ({ text: t.textContent, datetime: t.getAttribute('datetime') })),
    contents: await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').evaluateAll((links) => links.map((a) => ({ text: a.textContent, href: a.getAttribute('href') }))),
    sections: await page.locator('main h2[id]').evaluateAll((hs) => hs.map((h) => ({ id: h.id, text: h.textContent }))),
    text: (await page.locator('main').innerText()).replace(/\s+/g, ' '),
  };
  await close();
  return result;
}

/** Every legal document of the content: what its page shows is derived from its file. */
const DOCUMENTS = legalDocuments().map(({ slug, meta, body }) => ({
  slug,
  date: longDate(String(meta.date)),
  datetime: String(meta.date),
  label: String(meta.dateLabel),
  // The `##` headings of its markdown, in order: its sections.
  headings: [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()),
}));

describe.each(DOCUMENTS)('legal document /$slug', ({ slug, date, datetime, label, headings }) => {
  it('is dated at the top as its file says, with a table of contents and anchored sections from its headings', async () => {
    const page = await rendered(slug);
    expect(page.date).toEqual({ text: date, datetime });
    expect(page.text).toContain(`${label}: ${date}`);
    expect(page.contents.map((c) => c.text)).toEqual(headings);
    expect(page.sections.map((s) => s.text?.replace(/#$/, '').trim())).toEqual(headings);
    expect(page.contents.map((c) => c.href)).toEqual(page.sections.map((s) => `#${s.id}`));
  });
});
