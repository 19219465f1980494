import { describe, expect, it } from 'vitest';
import type { PublicFile } from '../../src/load/publicFiles.ts';
import { checkBuildPaths } from '../../src/validate/buildPaths.ts';

const file = (rel: string): PublicFile => ({ rel, source: `/p/public/${rel}`, shown: `public/${rel}`, stamp: '', linked: false });
const built = { routes: ['/', '/pricing', '/articles', '/articles/first-steps', '/blog/page/2'], files: ['assets/blog/C0HH3His8Xol/catalog.json'] };
/** Each problem as `file: message`, in the order of the files. */
const problems = (...rels: string[]) => checkBuildPaths(rels.map(file), built).map((d) => `${d.file}: ${d.message} [${d.rule}]`);

describe('a file of public/ where the build writes one', () => {
  it('is an error at the file, with what the build writes there, for each path the build owns', () => {
    expect(
      problems(
        'articles/first-steps/index.html',
        'sitemap.xml',
        'feed.xml',
        'robots.txt',
        '404.html',
        'index.html',
        'blog/page/2/index.html',
        'pricing',
        'sitemap.xml/old.xml',
      ),
    ).toEqual([
      'public/articles/first-steps/index.html: the build writes the page /articles/first-steps at /articles/first-steps/index.html: it would replace this file without a word [public/build-path]',
      'public/sitemap.xml: the build writes the sitemap at /sitemap.xml: it would replace this file without a word [public/build-path]',
      'public/feed.xml: the build writes the feed at /feed.xml: it would replace this file without a word [public/build-path]',
      'public/robots.txt: the build writes robots.txt at /robots.txt: it would replace this file without a word [public/build-path]',
      'public/404.html: the build writes the not-found page at /404.html: it would replace this file without a word [public/build-path]',
      'public/index.html: the build writes the page / at /index.html: it would replace this file without a word [public/build-path]',
      'public/blog/page/2/index.html: the build writes the page /blog/page/2 at /blog/page/2/index.html: it would replace this file without a word [public/build-path]',
      // Stored under the page's own key: the bucket would hold one of the two.
      'public/pricing: the build writes the page /pricing at /pricing: it would replace this file without a word [public/build-path]',
      'public/sitemap.xml/old.xml: the build writes the sitemap at /sitemap.xml: it would replace this file without a word [public/build-path]',
    ]);
  });

  it('refuses anything in assets/, whatever its name, since the build names files there by their content and they are cached for a year', () => {
    expect(problems('assets/terms.txt', 'assets/site-2nrxJfFgsn.css', 'Assets/blog/C0HH3His8Xol/catalog.json')).toEqual([
      "public/assets/terms.txt: /assets/terms.txt is in /assets/, the build's own folder of files named by their content, which browsers and CDNs keep for a year [public/build-path]",
      "public/assets/site-2nrxJfFgsn.css: /assets/site-2nrxJfFgsn.css is in /assets/, the build's own folder of files named by their content, which browsers and CDNs keep for a year [public/build-path]",
      "public/Assets/blog/C0HH3His8Xol/catalog.json: /Assets/blog/C0HH3His8Xol/catalog.json is in /assets/, the build's own folder of files named by their content, which browsers and CDNs keep for a year [public/build-path]",
    ]);
  });

  it('compares by lower case, as disks and hosts that ignore case do, and says so', () => {
    expect(problems('Pricing/index.html', 'SITEMAP.XML')).toEqual([
      'public/Pricing/index.html: the build writes the page /pricing at /pricing/index.html (/Pricing/index.html differs from it only in case, which some disks and hosts treat as the same): it would replace this file without a word [public/build-path]',
      'public/SITEMAP.XML: the build writes the sitemap at /sitemap.xml (/SITEMAP.XML differs from it only in case, which some disks and hosts treat as the same): it would replace this file without a word [public/build-path]',
    ]);
  });

  it('leaves files beside the pages, in their folders, and at names the build never writes', () => {
    expect(
      problems('articles/first-steps/diagram.svg', 'articles/notes.txt', 'pricing.pdf', '_redirects', 'files/terms.txt', 'images/assets/logo.svg', 'feed.json'),
    ).toEqual([]);
  });
});
