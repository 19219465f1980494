import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { setUpSiteAndBrowser } from '../helpers/site.ts';

const env = setUpSiteAndBrowser();
const LEGAL = path.resolve(import.meta.dirname, '../../content/legal');

/** The `##` headings of a legal document's markdown source, in order: its numbered sections. */
const sourceSections = (slug: string) => [...readFileSync(path.join(LEGAL, `${slug}.md`), 'utf8').matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());

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

const DOCUMENTS = [
  { slug: 'privacy-policy', date: 'May 1, 2022', datetime: '2022-05-01' },
  { slug: 'terms-conditions', date: 'May 1, 2022', datetime: '2022-05-01' },
  { slug: 'saas-agreement', date: 'December 22, 2023', datetime: '2023-12-22' },
  { slug: 'application-terms-of-use', date: 'October 8, 2024', datetime: '2024-10-08' },
];

describe.each(DOCUMENTS)('legal document /$slug', ({ slug, date, datetime }) => {
  it(`is dated ${date} at the top, with a table of contents and anchored sections from its headings`, async () => {
    const page = await rendered(slug);
    expect(page.date).toEqual({ text: date, datetime });
    const headings = sourceSections(slug);
    expect(headings.length).toBeGreaterThan(5);
    expect(page.contents.map((c) => c.text)).toEqual(headings);
    expect(page.sections.map((s) => s.text?.replace(/#$/, '').trim())).toEqual(headings);
    expect(page.contents.map((c) => c.href)).toEqual(page.sections.map((s) => `#${s.id}`));
  });
});

/** Every contract figure of spec §4, §5, §6 and §9, in the document it belongs to. */
const FIGURES: [slug: string, what: string, pattern: RegExp][] = [
  ['privacy-policy', 'not for children under 13', /under (the age of )?13/i],
  ['terms-conditions', 'for persons in Canada', /in Canada/],
  ['terms-conditions', 'Ontario law', /laws? of (the Province of )?Ontario/],
  ['saas-agreement', 'older versions on request by e-mail', /Earlier versions of this Agreement are available on request by e-mail/],
  ['saas-agreement', 'fees in Canadian dollars', /Canadian dollars/],
  ['saas-agreement', 'late interest 2.5% per month or the legal maximum', /2\.5% per month[^.]*(maximum|lower)/],
  ['saas-agreement', 'suspension after 60 days of non-payment', /failure to pay[^.]*60 days[^.]*suspend/],
  ['saas-agreement', 'records during the term plus 2 years', /During the Term and for 2 years after it ends, the Customer will keep complete and accurate records/],
  ['saas-agreement', 'audit costs at 15% underpayment in a quarter', /15%[^.]*quarter|quarter[^.]*15%/],
  ['saas-agreement', 'confidentiality 2 years, trade secrets longer', /2 years after the date that item was first disclosed, except that trade secrets remain protected/],
  ['saas-agreement', 'liability cap 1x the amounts paid and accrued in the prior year', /(one times|1x|1 times)[^.]*paid and accrued|paid and accrued[^.]*(12 months|year)/i],
  ['saas-agreement', '1-year automatic renewals', /renew[^.]*(one|1)[- ]year/i],
  ['saas-agreement', 'non-renewal notice 30 days', /at least 30 days before/],
  ['saas-agreement', 'renewal pricing 60 days before the initial term ends', /at least 60 days before[^.]*(Initial Term|initial term)/],
  ['saas-agreement', 'uncured breach within 30 days', /does not cure it within 30 days after receiving written notice/],
  ['saas-agreement', 'breach incapable of cure', /incapable of (being )?cure/i],
  ['saas-agreement', 'termination on insolvency', /insolven/i],
  ['saas-agreement', 'termination for non-payment more than 90 days after notice', /unpaid for more than 90 days after the Provider has given the Customer written notice/],
  ['saas-agreement', 'JSON export requested within 30 days', /export[^.]*within 30 days after termination/],
  ['saas-agreement', 'JSON export delivered within 60 days', /JSON format[^.]*within 60 days/],
  ['saas-agreement', 'non-solicitation for the term plus 12 months', /During the Term and for 12 months after it ends, neither party will[^.]*solicit/],
  ['saas-agreement', 'certified mail deemed given on the 5th business day', /fifth \(5th\) business day|5th business day/i],
  ['saas-agreement', '30 days notice of a trade-name or payment-method change', /30 days'? (prior )?(written )?notice[^.]*(trade name|trade-name|payment method)|(trade name|trade-name)[^.]*30 days/i],
  ['saas-agreement', '3 days notice of a transfer or judgment of 25% or more', /3 days[^.]*25%|25%[^.]*3 days/],
  ['saas-agreement', 'Ontario and federal Canadian law', /Ontario and the federal laws of Canada/],
  ['application-terms-of-use', 'age 18 or parental consent', /18[^.]*(parent|guardian)/],
  ['application-terms-of-use', 'legal or business name', /your own legal name[^.]*the Business's legal name/],
  ['application-terms-of-use', 'authority to bind', /authority to bind/],
  ['application-terms-of-use', '60-day discrepancy window', /within 60 days/],
  ['application-terms-of-use', 'liability cap of the fees paid in the prior 30 days', /fees[^.]*paid[^.]*30 days/],
];

describe('contract figures', () => {
  it.each(FIGURES)('%s states: %s', async (slug, _what, pattern) => {
    const { text } = await rendered(slug);
    expect(text).toMatch(pattern);
  });
});

describe('Application Terms of Use', () => {
  it('has every section the spec lists, in its order', () => {
    expect(sourceSections('application-terms-of-use').map((h) => h.replace(/^\d+\.\s+/, ''))).toEqual([
      'The App and Service', 'Security', 'Data Security', 'Audit Right', 'Privacy', 'Restricted Use', 'Unauthorized or Illegal Use',
      'References to Our Relationship', 'No Legal Advice', 'Accounts', 'General Reconciliations and Errors', 'Term', 'Termination',
      'Effects of Termination', 'Your License', 'Your Liability', 'Representation and Warranties', 'No Warranties', 'Limitation of Liability',
      'Non-Solicitation', 'Law and Jurisdiction', 'Third Parties', 'General', 'Entire Agreement', 'Survival', 'Contact',
    ]);
  });
});
