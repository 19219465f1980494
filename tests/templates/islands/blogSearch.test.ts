import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArticleSummary } from '../../../templates/collections/summaries.ts';
import { articleCategories } from '../../../templates/schemas/markdown.ts';
import { BlogData, decodeIds, encodeIds, fold, queryWords, shardName } from '../../../templates/islands/shared/blogSearch.ts';
import { blogFiles } from '../../../templates/pages/blogData.ts';

const article = (slug: string, title: string, category: string, author = 'Erin Walsh', excerpt = 'An excerpt.') =>
  ({
    slug,
    href: `/articles/${slug}`,
    title,
    excerpt,
    category,
    author,
    date: '2025-01-01',
    thumbnail: '/t.svg',
    thumbnailAlt: 'T',
    readingMinutes: 3,
  }) as ArticleSummary;

const articles = [
  article('valuation', 'Sponsorship Valuation: Benchmarking', 'Analytics', 'Daniel Reyes'),
  article('deck', 'Building the Best Sales Deck', 'Strategy', 'Tom Lefebvre', 'Intro decks under 20 slides.'),
  article('report', 'Fulfillment Report Tips', 'Reports'),
  article('naming', 'Évaluer les droits de dénomination', 'Strategy'),
];

/** The island's data, answered from the files the build makes, counting what a search downloads. */
function served(list: ArticleSummary[]) {
  const { base, files } = blogFiles(list, articleCategories);
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const body = files.get(url.slice(1));
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => JSON.parse(body!) };
  });
  return { data: new BlogData(base), fetched, base, files };
}

afterEach(() => vi.unstubAllGlobals());

describe('blog search data', () => {
  it('folds case and accents, and searches words of two letters or more', () => {
    expect(fold('Évaluer ÇA')).toBe('evaluer ca');
    expect(queryWords('  a VALUATION, b2b   valuation ')).toEqual(['valuation', 'b2b']);
    expect(shardName(queryWords('Évaluer')[0]!)).toBe('ev');
    expect(shardName('中文')).toBe('_4e2d_6587');
  });

  it('stores ids as gaps and reads them back', () => {
    expect(encodeIds([3, 4, 10, 200])).toEqual([3, 1, 6, 190]);
    expect(decodeIds(encodeIds([3, 4, 10, 200]))).toEqual([3, 4, 10, 200]);
  });

  it('finds every word of the query at the start of words in title, excerpt, author or category, newest first', async () => {
    const { data } = served(articles);
    const find = async (query: string, category?: string) => (await data.cards(await data.search(query, category))).map((a) => a.slug);
    expect(await find('VALUATION')).toEqual(['valuation']);
    expect(await find('20 slides')).toEqual(['deck']);
    expect(await find('lefeb')).toEqual(['deck']);
    expect(await find('reports')).toEqual(['report']);
    expect(await find('evaluer denomination')).toEqual(['naming']);
    expect(await find('deck nothing-like-this')).toEqual([]);
    expect(await find('de', 'Strategy')).toEqual(['deck', 'naming']);
    expect(await find('de', 'Analytics')).toEqual([]);
  });

  it('downloads a few small files for a first search, whatever the size of the archive', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      article(`a${i}`, `Sponsorship note ${i}`, articleCategories[i % 5]!, 'Priya Nair', `Fulfillment and valuation, part ${i}.`),
    );
    const { data, fetched, files, base } = served(many);
    const ids = await data.search('sponsorship', undefined);
    expect(ids).toHaveLength(2000);
    expect((await data.cards(ids.slice(0, 6))).map((a) => a.slug)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5']);
    expect(fetched).toEqual([`${base}catalog.json`, `${base}words/sp.json`, `${base}cards/0.json`]);
    const bytes = fetched.reduce((n, url) => n + files.get(url.slice(1))!.length, 0);
    expect(bytes).toBeLessThan(40_000);
  });

  it("gives a numbered page's articles as the build pages them, across files of cards, for Load More", async () => {
    const many = Array.from({ length: 60 }, (_, i) => article(`a${i}`, `Note ${i}`, articleCategories[i % 3]!));
    const { data } = served(many);
    const slugs = async (category: string | undefined, skip: number | undefined, page: number) =>
      (await data.cards(await data.page(category, skip, page, 7))).map((a) => a.slug);
    // The full list leaves out the featured article (here the sixth): its third page spans the first two files of cards.
    const rest = many.filter((_, i) => i !== 5).map((a) => a.slug);
    expect(await slugs(undefined, 5, 1)).toEqual(rest.slice(0, 7));
    expect(await slugs(undefined, 5, 4)).toEqual(rest.slice(21, 28));
    expect(await slugs(undefined, 5, 9)).toEqual(rest.slice(56));
    expect(await slugs(undefined, 5, 10)).toEqual([]);
    const second = articleCategories[1]!;
    expect(await slugs(second, undefined, 2)).toEqual(
      many
        .filter((a) => a.category === second)
        .map((a) => a.slug)
        .slice(7, 14),
    );
  });
});
