import { absoluteUrl, defineCollection, readingMinutes, type Collections, type EntryProblem } from '../../src/template-api.ts';
import type { RuleName } from '../rules.ts';
import { touchlineSite, touchlineSiteOf } from '../schemas/site.ts';
import { Article } from '../pages/Article.tsx';
import { articleSchema } from '../schemas/markdown.ts';
import { relatedArticles, siteCollections, type ArticleSummary } from './summaries.ts';

/** News & Insights: content/articles/*.md at /articles/{slug}, newest first, in the feed; a draft or a future date keeps one unpublished. */
export const articles = defineCollection({
  name: 'article',
  folder: 'articles',
  schema: articleSchema,
  route: (slug) => `/articles/${slug}`,
  publication: (meta) => ({ draft: meta.draft, date: meta.date }),
  summary: ({ meta, slug, href, words, release, images }): ArticleSummary => ({
    ...meta,
    slug,
    href,
    readingMinutes: readingMinutes(words),
    release,
    cover: images.thumbnail ?? { src: meta.thumbnail, width: 0, height: 0 },
  }),
  order: (a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug),
  page: (article, site) => ({
    head: {
      title: article.title,
      description: article.excerpt,
      type: 'article',
      image: article.thumbnail,
      imageFocus: article.thumbnailFocus,
      imageAlt: article.thumbnailAlt,
      published: article.date,
      modified: article.updated ?? article.date,
      feed: true,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.excerpt,
        image: absoluteUrl(site, article.thumbnail),
        datePublished: article.date,
        dateModified: article.updated ?? article.date,
        author: { '@type': 'Person', name: article.author },
        publisher: { '@type': 'Organization', name: touchlineSite(site).legalName, url: site.url },
        mainEntityOfPage: absoluteUrl(site, article.href),
        articleSection: article.category,
        wordCount: article.words,
      },
    },
    lastmod: article.updated ?? article.date,
  }),
  feed: (a) => ({ title: a.title, href: a.href, published: a.date, updated: a.updated ?? a.date, author: a.author, category: a.category, summary: a.excerpt }),
  distinctTitles: (a) => a.title,
  check: (all, data) => [...readingTimes(all, touchlineSiteOf(data).articles?.readingMinutes), ...featuredTwice(all)],
  // An article's page shows its related articles and nothing else of the lists.
  shows: (article, all): Collections => ({ articles: relatedArticles(article, siteCollections(all).articles) }),
  template: Article,
});

/** Each article that reads in less or more than the editors' bounds (site.yaml's `articles.readingMinutes`), if they set some. */
function readingTimes(
  all: readonly (ArticleSummary & { words: number })[],
  bounds: { min: number; max: number } | undefined,
): EntryProblem<ArticleSummary, RuleName>[] {
  if (!bounds) return [];
  return all.flatMap((entry) => {
    const minutes = readingMinutes(entry.words);
    if (minutes >= bounds.min && minutes <= bounds.max) return [];
    const side = minutes < bounds.min ? 'shorter' : 'longer';
    return [
      {
        entry,
        field: 'title',
        rule: 'reading-time',
        message: `this article reads in ${minutes} minute${minutes === 1 ? '' : 's'} (${entry.words} words), ${side} than the ${bounds.min} to ${bounds.max} minutes site.yaml sets for articles`,
      },
    ];
  });
}

/** The blog's index shows the newest article marked featured: a second mark is ignored. */
function featuredTwice(all: readonly ArticleSummary[]): EntryProblem<ArticleSummary, RuleName>[] {
  const featured = all.filter((a) => a.featured).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return featured.slice(1).map((entry) => ({
    entry,
    field: 'featured',
    rule: 'featured-twice',
    message: `${featured[0]!.slug}.md is featured too, and is newer: the blog's index features one article, so this mark is ignored`,
  }));
}
