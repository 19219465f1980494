import type { FeedEntry, Site } from '../model.ts';
import { absoluteUrl } from '../routes/urls.ts';
import { feedOf } from '../schemas/site.ts';

export interface SitemapEntry {
  route: string;
  lastmod?: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(site: Site, entries: SitemapEntry[]): string {
  const urls = [...entries]
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((e) => `  <url><loc>${xml(absoluteUrl(site, e.route))}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(site: Site): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}

/** Feed readers poll the feed often: it carries the most recent articles, not the whole archive. */
export const FEED_ENTRIES = 50;

/** The site's Atom feed, most recently updated first. */
export function atomFeed(site: Site, feedEntries: FeedEntry[]): string {
  const { title, href } = feedOf(site);
  const sorted = [...feedEntries].sort((a, b) => b.updated.localeCompare(a.updated) || a.href.localeCompare(b.href)).slice(0, FEED_ENTRIES);
  const updated = sorted[0] ? `${sorted[0].updated}T00:00:00Z` : '1970-01-01T00:00:00Z';
  const entries = sorted.map((a) =>
    [
      '  <entry>',
      `    <title>${xml(a.title)}</title>`,
      `    <link href="${xml(absoluteUrl(site, a.href))}"/>`,
      `    <id>${xml(absoluteUrl(site, a.href))}</id>`,
      `    <published>${a.published}T00:00:00Z</published>`,
      `    <updated>${a.updated}T00:00:00Z</updated>`,
      `    <author><name>${xml(a.author)}</name></author>`,
      ...(a.category ? [`    <category term="${xml(a.category)}"/>`] : []),
      `    <summary>${xml(a.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(title)}</title>`,
    `  <link href="${xml(absoluteUrl(site, href))}"/>`,
    `  <link rel="self" href="${xml(absoluteUrl(site, '/feed.xml'))}"/>`,
    `  <id>${xml(absoluteUrl(site, href))}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
