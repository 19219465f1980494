import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { REDIRECTS_FILE } from '../../src/hosting/redirects.ts';
import { redirectFiles } from '../../src/write/redirectPages.ts';

const SITE = { url: 'https://www.touchline.example', name: 'Touchline', language: 'en' };
const REDIRECTS = [
  { from: '/pricing', to: '/pricing-preview', permanent: false },
  { from: '/blog/old-post', to: '/articles/value-banks', permanent: true },
  { from: '/partners', to: 'https://partners.touchline.example/?a=1&b="2"', permanent: false },
];

describe('the files of redirects', () => {
  const files = redirectFiles(REDIRECTS, SITE, '');

  it('are a page at each old address and the record of where each leads', () => {
    expect([...files.keys()].sort()).toEqual([REDIRECTS_FILE, 'blog/old-post/index.html', 'partners/index.html', 'pricing/index.html']);
    expect(JSON.parse(files.get(REDIRECTS_FILE)!)).toEqual({
      '/blog/old-post': { location: '/articles/value-banks', status: 301 },
      // Another site's address as the URL parser serialises it, whatever reached this far.
      '/partners': { location: 'https://partners.touchline.example/?a=1&b=%222%22', status: 302 },
      '/pricing': { location: '/pricing-preview', status: 302 },
    });
  });

  it('each page sends browsers on at once, is kept from search engines, names its target as canonical and links it for people', () => {
    const page = files.get('pricing/index.html')!;
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/pricing-preview" />');
    expect(page).toContain('<meta name="robots" content="noindex" />');
    expect(page).toContain('<link rel="canonical" href="https://www.touchline.example/pricing-preview" />');
    // Its one sentence is in a main landmark, as every page's content is (axe: region).
    expect(page).toContain('<main><p>This page is at <a href="/pricing-preview">https://www.touchline.example/pricing-preview</a> for now.</p></main>');
    expect(files.get('blog/old-post/index.html')).toContain(
      '<p>This page has moved to <a href="/articles/value-banks">https://www.touchline.example/articles/value-banks</a>.</p>',
    );
    expect(files.get('partners/index.html')).toContain('<link rel="canonical" href="https://partners.touchline.example/?a=1&amp;b=%222%22" />');
    expect(files.get('partners/index.html')).toContain('<meta http-equiv="refresh" content="0; url=https://partners.touchline.example/?a=1&amp;b=%222%22" />');
  });

  it('are valid HTML by the rules every page of the site passes', async () => {
    const validator = new HtmlValidate(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.htmlvalidate.json'), 'utf8')));
    for (const [file, text] of files) {
      if (!file.endsWith('.html')) continue;
      const report = await validator.validateString(text, file);
      expect(
        report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.message}`)),
        file,
      ).toEqual([]);
    }
  });

  it('differ in their bytes when only permanent changes, so publish uploads the page again with its header or without', () => {
    const flipped = redirectFiles(
      REDIRECTS.map((r) => ({ ...r, permanent: !r.permanent })),
      SITE,
      '',
    );
    for (const file of ['pricing/index.html', 'blog/old-post/index.html']) expect(flipped.get(file), file).not.toBe(files.get(file));
  });

  it('under a base: the target, the refresh and the link carry it, and the canonical address is under the site’s', () => {
    const under = redirectFiles(REDIRECTS, { ...SITE, url: 'https://preview.touchline.example/previews/pr-42' }, '/previews/pr-42');
    const page = under.get('pricing/index.html')!;
    expect(page).toContain('content="0; url=/previews/pr-42/pricing-preview" />');
    expect(page).toContain('<a href="/previews/pr-42/pricing-preview">');
    expect(page).toContain('<link rel="canonical" href="https://preview.touchline.example/previews/pr-42/pricing-preview" />');
    expect(JSON.parse(under.get(REDIRECTS_FILE)!)['/pricing']).toEqual({ location: '/previews/pr-42/pricing-preview', status: 302 });
    // Another site's address is left as it is.
    expect(JSON.parse(under.get(REDIRECTS_FILE)!)['/partners'].location).toBe('https://partners.touchline.example/?a=1&b=%222%22');
  });
});
