import type { ReactNode } from 'react';
import { toHast } from '../markdown/toHast.ts';
import type { ArticleSummary, Collections, TemplateSet } from '../model.ts';
import type { PageHead } from '../render/head.ts';
import { absoluteUrl } from '../render/head.ts';
import type { Site } from '../schemas/site.ts';
import type { ContentModel } from '../validate/validateContent.ts';

/** One page to render: where it comes from, its head, and how to build its tree. */
export interface PageJob {
  route: string;
  outputPath: string;
  source: string;
  head: PageHead;
  lastmod?: string;
  element: () => ReactNode;
}

export function collectionsOf(model: ContentModel): Collections {
  const articles = model.articles.map((a) => a.summary).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const legal = model.legal.map((l) => l.summary).sort((a, b) => a.title.localeCompare(b.title));
  const articlesByCategory = new Map<string, ArticleSummary[]>();
  for (const a of articles) articlesByCategory.set(a.category, [...(articlesByCategory.get(a.category) ?? []), a]);
  return { articles, articlesByCategory, legal };
}

/** Turns the validated content into the list of pages the site has. */
export function pageJobs(model: ContentModel, templates: TemplateSet, collections: Collections): PageJob[] {
  const { site } = model;
  const jobs: PageJob[] = [];
  for (const page of model.pages) {
    const template = templates.pages[page.template]!;
    const Component = template.component;
    const route = page.route ?? '/404';
    jobs.push({
      route,
      outputPath: page.route ? '' : '404.html',
      source: page.file,
      head: { route, title: page.title, description: page.description, noindex: !page.route, feed: template.feed },
      element: () => <Component data={page.data} collections={collections} route={route} />,
    });
  }
  for (const doc of model.legal) {
    const { LegalDocument } = templates;
    jobs.push({
      route: doc.href,
      outputPath: '',
      source: doc.parsed.file,
      head: { route: doc.href, title: doc.meta.title, description: doc.meta.summary },
      lastmod: doc.meta.date,
      element: () => <LegalDocument document={doc.summary} doc={{ meta: doc.meta, tree: toHast(doc.parsed.tree), headings: doc.parsed.headings }} />,
    });
  }
  for (const article of model.articles) {
    const { Article } = templates;
    const { meta, summary } = article;
    jobs.push({
      route: article.href,
      outputPath: '',
      source: article.parsed.file,
      head: {
        route: article.href,
        title: meta.title,
        description: meta.excerpt,
        type: 'article',
        image: meta.thumbnail,
        imageAlt: meta.thumbnailAlt,
        published: meta.date,
        modified: meta.updated ?? meta.date,
        feed: true,
        jsonLd: articleJsonLd(site, summary),
      },
      lastmod: meta.updated ?? meta.date,
      element: () => <Article article={summary} doc={{ meta, tree: toHast(article.parsed.tree), headings: article.parsed.headings }} collections={collections} />,
    });
  }
  return jobs;
}

function articleJsonLd(site: Site, article: Collections['articles'][number]) {
  return {
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
  };
}
