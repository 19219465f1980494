import { describe, expect, it } from 'vitest';
import { compareSites } from '../../src/diff/compare.ts';
import { PAGE_MANIFEST_VERSION, type PageManifest } from '../../src/diff/pageManifest.ts';
import { choosePages, MAX_CAPTURED, pageText, SAMPLE_SIZE, type PageText } from '../../src/review/choose.ts';

const manifest = (pages: Record<string, string>): PageManifest => ({ format: 'sitegen-pages', version: PAGE_MANIFEST_VERSION, pages, files: {}, assets: {} });

/** A page as a build writes it: a header and a footer every page shares around its own `<main>`. */
const html = (main: string, chrome = 'Fixture') =>
  `<!doctype html><html><body><header><a href="/">${chrome}</a></header><main>${main}</main><footer>${chrome} footer</footer></body></html>`;

type Pages = Record<string, [string | undefined, string | undefined]>;

/**
 * Two sides of a site, each page given as the `<main>` it has before and after (undefined where
 * it is not on that side), the pages in `relaid` with a new header after: the diff, the texts a
 * review reads, and the page count, as review.ts gives them to choosePages.
 */
function sides(pages: Pages, relaid: string[] = []) {
  const side = (at: 0 | 1) => Object.entries(pages).filter(([, both]) => both[at] !== undefined);
  const page = (route: string, main: string, at: 0 | 1) => html(main, relaid.includes(route) ? ['Old header', 'New header'][at] : 'Fixture');
  // A page's hash in the manifest is its whole HTML: a new header changes the page.
  const hashes = (at: 0 | 1) => Object.fromEntries(side(at).map(([route, both]) => [route, page(route, both[at]!, at)]));
  const texts = (at: 0 | 1) => new Map<string, PageText>(side(at).map(([route, both]) => [route, pageText(page(route, both[at]!, at))]));
  return { diff: compareSites(manifest(hashes(0)), manifest(hashes(1))), before: texts(0), after: texts(1), count: side(1).length };
}

const routes = (list: Array<{ route: string }>) => list.map((page) => page.route);

describe("a page's text as a review reads it", () => {
  it("is its <main>'s words and its links to pages of the site; scripts, styles, the header and the footer are left out", () => {
    const text = pageText(
      html(
        '<h1>Prices</h1><p>From <b>$12</b>.</p><script>var x = "<b>no</b>"</script><style>p{}</style><a href="/pricing/">Plans</a> <a href="/blog?page=2#top">Blog</a>',
      ),
    );
    expect(text.text).toBe('Prices From $12 . Plans Blog');
    expect(text.links).toEqual(new Set(['/pricing', '/blog']));
    expect(pageText(html('<p>Same</p>', 'Old header')).text).toBe(pageText(html('<p>Same</p>', 'New header')).text);
  });
});

describe('choosing the pages a review captures', () => {
  it('puts pages whose own text changed (and added and removed ones) first, then pages that show them, then pages changed by their layout alone', () => {
    const { diff, before, after, count } = sides({
      '/': ['<p>Welcome</p>', '<p>Welcome</p>'],
      '/about': ['<p>We sell</p>', '<p>We sell<img src="/team.png"></p>'],
      '/blog': ['<a href="/blog/post">Old title</a>', '<a href="/blog/post">New title</a>'],
      '/blog/post': ['<h1>Old title</h1>', '<h1>New title</h1>'],
      '/contact': ['<p>Call us</p>', '<p>Write to us</p>'],
      '/gone': ['<p>Bye</p>', undefined],
      '/new': [undefined, '<p>Hi</p>'],
      '/pricing': ['<p>$12</p>', '<p>$12</p>'],
    });
    const choice = choosePages(diff, before, after, count);
    expect(choice.pages).toEqual([
      { route: '/blog/post', change: 'changed', group: 'own' },
      { route: '/contact', change: 'changed', group: 'own' },
      { route: '/gone', change: 'removed', group: 'own' },
      { route: '/new', change: 'added', group: 'own' },
      { route: '/blog', change: 'changed', group: 'shows' },
      { route: '/about', change: 'changed', group: 'layout' },
    ]);
    expect(choice.left).toEqual([]);
    expect(choice.siteWide).toBeUndefined();
  });

  it(`captures at most ${MAX_CAPTURED} pages, in reading order, and lists the rest as left`, () => {
    const own = Array.from({ length: MAX_CAPTURED - 2 }, (_, i) => `/articles/${String(i).padStart(2, '0')}`);
    const layout = ['/a', '/b', '/c', '/d', '/e'];
    const pages: Record<string, [string, string]> = {
      ...Object.fromEntries(own.map((route) => [route, [`<p>${route} before</p>`, `<p>${route} after</p>`]])),
      ...Object.fromEntries(layout.map((route) => [route, ['<p>Same</p>', '<p>Same<img src="/x.png"></p>']])),
    };
    // Unchanged pages make the 5 layout changes a small share of the site: no sample.
    const unchanged = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`/same/${i}`, ['<p>x</p>', '<p>x</p>'] as [string, string]]));
    const { diff, before, after, count } = sides({ ...pages, ...unchanged });
    const choice = choosePages(diff, before, after, count);
    expect(routes(choice.pages)).toEqual([...own, '/a', '/b']);
    expect(choice.left).toEqual(['/c', '/d', '/e'].map((route) => ({ route, change: 'changed', group: 'layout' })));
    expect(choice.siteWide).toBeUndefined();
  });

  describe('a change that alters most pages by their layout alone', () => {
    // A header every page shows changed; pages made alike share a folder.
    const main: Record<string, string> = {
      '/': '<a href="/pricing">Pricing</a><a href="/about">About</a>',
      '/about': '<a href="/pricing">Pricing</a>',
      '/articles/a': '<a href="/pricing">Pricing</a><a href="/contact">Contact</a>',
      '/articles/b': '<p>b</p>',
      '/articles/c': '<p>c</p>',
      '/contact': '<p>Write</p>',
      '/legal/privacy': '<p>Privacy</p>',
      '/legal/terms': '<p>Terms</p>',
      '/pricing': '<p>$12</p>',
    };
    const everyPage = (extra: Pages = {}) =>
      sides({ ...Object.fromEntries(Object.entries(main).map(([route, text]) => [route, [text, text]])), ...extra }, Object.keys(main));
    const unchanged = (count: number): Pages => Object.fromEntries(Array.from({ length: count }, (_, i) => [`/more/${i}`, ['<p>x</p>', '<p>x</p>']]));

    it(`captures a sample of ${SAMPLE_SIZE}: the home page, one page of each folder of alike pages (largest first), then the pages most linked to; and says the count`, () => {
      const { diff, before, after, count } = everyPage();
      const choice = choosePages(diff, before, after, count);
      expect(routes(choice.pages)).toEqual(['/', '/articles/a', '/legal/privacy', '/pricing', '/about']);
      expect(choice.pages.every((page) => page.group === 'layout' && page.change === 'changed')).toBe(true);
      expect(routes(choice.left).sort()).toEqual(['/articles/b', '/articles/c', '/contact', '/legal/terms']);
      expect(choice.siteWide).toEqual({ changed: 9, pages: 9 });
    });

    it('captures every page whose own text changed before the sample, and counts only the layout changes', () => {
      const { diff, before, after, count } = everyPage({ '/contact': ['<p>Write</p>', '<p>Call</p>'], '/new': [undefined, '<p>New</p>'] });
      const choice = choosePages(diff, before, after, count);
      expect(routes(choice.pages)).toEqual(['/contact', '/new', '/', '/articles/a', '/legal/privacy', '/pricing', '/about']);
      expect(choice.siteWide).toEqual({ changed: 8, pages: 10 });
    });

    it('is no sample when it alters fewer than half the pages, or no more than the sample holds', () => {
      const half = everyPage(unchanged(9));
      expect(choosePages(half.diff, half.before, half.after, half.count).siteWide).toEqual({ changed: 9, pages: 18 });
      const less = everyPage(unchanged(10));
      const choice = choosePages(less.diff, less.before, less.after, less.count);
      expect(choice.siteWide).toBeUndefined();
      expect(choice.pages).toHaveLength(9);
      const five = ['/', '/a', '/b', '/c', '/d'];
      const few = sides(Object.fromEntries(five.map((route) => [route, ['<p>x</p>', '<p>x</p>']])), five);
      expect(choosePages(few.diff, few.before, few.after, few.count)).toEqual({
        pages: five.map((route) => ({ route, change: 'changed', group: 'layout' })),
        left: [],
      });
    });
  });

  describe('pages asked for (--page)', () => {
    it('are captured after the others as the same, once each, whatever the limit', () => {
      const own = Array.from({ length: MAX_CAPTURED + 1 }, (_, i) => `/p/${String(i).padStart(2, '0')}`);
      const { diff, before, after, count } = sides({
        ...Object.fromEntries(own.map((route) => [route, [`<p>${route}</p>`, `<p>${route}!</p>`]])),
        '/': ['<p>x</p>', '<p>x</p>'],
        '/about': ['<p>x</p>', '<p>x</p>'],
      });
      const choice = choosePages(diff, before, after, count, ['/about', '/', '/about']);
      expect(choice.pages).toHaveLength(MAX_CAPTURED + 2);
      expect(choice.pages.slice(MAX_CAPTURED)).toEqual([
        { route: '/about', change: 'same', group: 'layout' },
        { route: '/', change: 'same', group: 'layout' },
      ]);
      expect(routes(choice.left)).toEqual([own.at(-1)]);
    });

    it('keep the change of a page the diff lists, and capture it when the limit or the sample left it out', () => {
      const own = Array.from({ length: MAX_CAPTURED + 1 }, (_, i) => `/p/${String(i).padStart(2, '0')}`);
      const { diff, before, after, count } = sides(Object.fromEntries(own.map((route) => [route, [`<p>${route}</p>`, `<p>${route}!</p>`]])));
      const last = own.at(-1)!;
      const choice = choosePages(diff, before, after, count, [own[0]!, last]);
      expect(routes(choice.pages)).toEqual(own);
      expect(choice.pages.at(-1)).toEqual({ route: last, change: 'changed', group: 'own' });
      expect(choice.left).toEqual([]);

      const eight = ['/', '/a', '/b', '/c', '/d', '/e', '/f', '/g'];
      const wide = sides(Object.fromEntries(eight.map((route) => [route, ['<p>x</p>', '<p>x</p>']])), eight);
      const sample = choosePages(wide.diff, wide.before, wide.after, wide.count);
      const outside = sample.left[0]!;
      const asked = choosePages(wide.diff, wide.before, wide.after, wide.count, [outside.route]);
      expect(asked.pages).toEqual([...sample.pages, outside]);
      expect(asked.left).toEqual(sample.left.slice(1));
      expect(asked.siteWide).toEqual(sample.siteWide);
    });
  });
});
