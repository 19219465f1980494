import { collectionsOf, type Collections, type CollectionsOf, type ImageSource, type Release } from '../../src/template-api.ts';
import type { collections } from '../index.ts';
import type { ArticleMeta, LegalMeta } from '../schemas/markdown.ts';

/** What every page knows of an article: its frontmatter, address, reading time and whether it is live yet. */
export interface ArticleSummary extends ArticleMeta {
  slug: string;
  href: string;
  readingMinutes: number;
  release: Release;
  /** The thumbnail, described for pictures (its variants' names, its size). */
  cover: ImageSource;
}

/** What every page knows of a legal document. */
export interface LegalSummary extends LegalMeta {
  slug: string;
  href: string;
}

/** The site's collections as its templates read them: each collection's summaries by its folder, typed from the registry in templates/index.ts. */
export type SiteCollections = CollectionsOf<typeof collections>;

export function siteCollections(all: Collections): SiteCollections {
  return collectionsOf<typeof collections>(all);
}

const grouped = new WeakMap<readonly ArticleSummary[], Map<string, ArticleSummary[]>>();

/** The articles grouped by category, in the list's order: worked out once per list, however many pages ask. */
export function articlesByCategory(articles: readonly ArticleSummary[]): Map<string, ArticleSummary[]> {
  let groups = grouped.get(articles);
  if (!groups) {
    groups = new Map();
    for (const a of articles) {
      const group = groups.get(a.category);
      if (group) group.push(a);
      else groups.set(a.category, [a]);
    }
    grouped.set(articles, groups);
  }
  return groups;
}

/** How many articles of its category an article's page shows after it. */
const RELATED = 3;

/** The articles an article's page shows after it: the newest others of its category. */
export function relatedArticles(article: ArticleSummary, articles: readonly ArticleSummary[]): ArticleSummary[] {
  const related: ArticleSummary[] = [];
  for (const a of articlesByCategory(articles).get(article.category) ?? []) {
    if (related.length === RELATED) break;
    if (a.slug !== article.slug) related.push(a);
  }
  return related;
}
