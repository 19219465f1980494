import { describe, expect, it } from 'vitest';
import type { FeedEntry } from '../../src/model.ts';
import type { Site } from '../../src/schemas/site.ts';
import { atomFeed, FEED_ENTRIES } from '../../src/write/siteFiles.ts';

const site = { name: 'Touchline', url: 'https://www.touchline.example', feed: { title: 'Touchline News & Insights', href: '/news-insights' } } as Site;
const article = (i: number): FeedEntry => {
  const published = `2024-01-${String((i % 28) + 1).padStart(2, '0')}`;
  return {
    href: `/articles/article-${i}`,
    title: `Article ${i}`,
    published,
    updated: i === 0 ? '2025-06-01' : published,
    author: 'Erin Walsh',
    summary: `Excerpt ${i} & more`,
    category: 'Strategy',
  };
};

describe('atomFeed', () => {
  it('lists the most recently updated articles first, at most FEED_ENTRIES of them, escaped', () => {
    const feed = atomFeed(
      site,
      Array.from({ length: FEED_ENTRIES + 20 }, (_, i) => article(i)),
    );
    const links = [...feed.matchAll(/<link href="https:\/\/www\.touchline\.example\/articles\/(article-\d+)"\/>/g)].map((m) => m[1]);
    expect(links).toHaveLength(FEED_ENTRIES);
    expect(links[0]).toBe('article-0');
    expect(feed).toContain('<updated>2025-06-01T00:00:00Z</updated>');
    expect(feed).toContain('<summary>Excerpt 0 &amp; more</summary>');
    expect(feed).toContain('<link href="https://www.touchline.example/news-insights"/>');
  });
});
