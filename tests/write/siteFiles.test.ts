import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '../../src/model.ts';
import type { Site } from '../../src/schemas/site.ts';
import { atomFeed, FEED_ENTRIES } from '../../src/write/siteFiles.ts';

const site = { name: 'Touchline', url: 'https://www.touchline.example' } as Site;
const article = (i: number): ArticleSummary => ({
  slug: `article-${i}`,
  href: `/articles/article-${i}`,
  title: `Article ${i}`,
  date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
  updated: i === 0 ? '2025-06-01' : undefined,
  author: 'Erin Walsh',
  excerpt: `Excerpt ${i} & more`,
  category: 'Strategy',
  thumbnail: '/images/a.svg',
  thumbnailAlt: 'A',
  words: 1200,
  readingMinutes: 6,
});

describe('atomFeed', () => {
  it('lists the most recently updated articles first, at most FEED_ENTRIES of them, escaped', () => {
    const feed = atomFeed(site, Array.from({ length: FEED_ENTRIES + 20 }, (_, i) => article(i)), '/news-insights');
    const links = [...feed.matchAll(/<link href="https:\/\/www\.touchline\.example\/articles\/(article-\d+)"\/>/g)].map((m) => m[1]);
    expect(links).toHaveLength(FEED_ENTRIES);
    expect(links[0]).toBe('article-0');
    expect(feed).toContain('<updated>2025-06-01T00:00:00Z</updated>');
    expect(feed).toContain('<summary>Excerpt 0 &amp; more</summary>');
    expect(feed).toContain('<link href="https://www.touchline.example/news-insights"/>');
  });
});
