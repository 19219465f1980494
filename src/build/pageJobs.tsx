import type { MarkdownFacts } from '../markdown/facts.ts';
import { readingMinutes } from '../markdown/readingTime.ts';
import type { ArticleSummary, Collections, LegalSummary, TemplateSet } from '../model.ts';
import { absoluteUrl } from '../render/head.ts';
import type { PageJob } from '../render/renderPage.tsx';
import { markdownRoute } from '../routes/routes.ts';
import type { ArticleMeta, LegalMeta } from '../schemas/markdown.ts';
import type { Site } from '../schemas/site.ts';
import type { ContentModel } from '../validate/validateContent.ts';
import type { AnalysedMarkdown } from './markdownWorkspace.tsx';

export function articleSummary(facts: MarkdownFacts): ArticleSummary {
  return { ...(facts.meta as ArticleMeta), slug: facts.slug, href: markdownRoute('article', facts.slug), words: facts.words, readingMinutes: readingMinutes(facts.words) };
}

export function legalSummary(facts: MarkdownFacts): LegalSummary {
  return { ...(facts.meta as LegalMeta), slug: facts.slug, href: markdownRoute('legal', facts.slug) };
}

/** Articles newest first (and by category), legal documents by title. */
export function makeCollections(articles: ArticleSummary[], legal: LegalSummary[]): Collections {
  const sorted = [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const articlesByCategory = new Map<string, ArticleSummary[]>();
  for (const a of sorted) {
    const list = articlesByCategory.get(a.category);
    if (list) list.push(a);
    else articlesByCategory.set(a.category, [a]);
  }
  return { articles: sorted, articlesByCategory, legal: [...legal].sort((a, b) => a.title.localeCompare(b.title)) };
}

/** The pages that come from content/pages/*.yaml. */
export function yamlPageJobs(model: ContentModel, templates: TemplateSet, collections: Collections): PageJob[] {
  return model.pages.map((page) => {
    const template = templates.pages[page.template]!;
    const Component = template.component;
    const route = page.route ?? '/404';
    return {
      route,
      outputPath: page.route ? '' : '404.html',
      source: page.file,
      head: { route, title: page.title, description: page.description, noindex: !page.route, feed: template.feed },
      element: () => <Component data={page.data} collections={collections} route={route} />,
    };
  });
}

/** The page of an article or a legal document, around its pre-rendered body. */
export function markdownPageJob(doc: AnalysedMarkdown, templates: TemplateSet, collections: Collections, site: Site): PageJob {
  const { facts, body } = doc;
  if (!body) throw new Error(`${facts.file} has errors and cannot be rendered`);
  const base = { outputPath: '', source: facts.file, islands: body.islands };
  if (facts.kind === 'legal') {
    const document = legalSummary(facts);
    const { LegalDocument } = templates;
    return {
      ...base,
      route: document.href,
      head: { route: document.href, title: document.title, description: document.summary },
      lastmod: document.date,
      element: () => <LegalDocument document={document} doc={{ meta: document, html: body.html, headings: facts.headings }} />,
    };
  }
  const article = articleSummary(facts);
  const { Article } = templates;
  return {
    ...base,
    route: article.href,
    head: {
      route: article.href,
      title: article.title,
      description: article.excerpt,
      type: 'article',
      image: article.thumbnail,
      imageAlt: article.thumbnailAlt,
      published: article.date,
      modified: article.updated ?? article.date,
      feed: true,
      jsonLd: articleJsonLd(site, article),
    },
    lastmod: article.updated ?? article.date,
    element: () => <Article article={article} doc={{ meta: article, html: body.html, headings: facts.headings }} collections={collections} />,
  };
}

function articleJsonLd(site: Site, article: ArticleSummary) {
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
