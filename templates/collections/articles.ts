import { absoluteUrl, defineCollection, readingMinutes, type Collections } from '../../src/template-api.ts';
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
        publisher: { '@type': 'Organization', name: site.legalName, url: site.url },
        mainEntityOfPage: absoluteUrl(site, article.href),
        articleSection: article.category,
        wordCount: article.words,
      },
    },
    lastmod: article.updated ?? article.date,
  }),
  feed: (a) => ({ title: a.title, href: a.href, published: a.date, updated: a.updated ?? a.date, author: a.author, category: a.category, summary: a.excerpt }),
  distinctTitles: (a) => a.title,
  // An article's page shows its related articles and nothing else of the lists.
  shows: (article, all): Collections => ({ articles: relatedArticles(article, siteCollections(all).articles) }),
  template: Article,
});
