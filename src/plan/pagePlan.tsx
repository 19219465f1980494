import type { MarkdownFacts } from '../markdown/facts.ts';
import { readingMinutes } from '../markdown/readingTime.ts';
import type { ArticleSummary, Collections, LegalSummary, TemplateSet } from '../model.ts';
import { absoluteUrl } from '../render/head.ts';
import type { PageJob } from '../render/renderPage.tsx';
import { markdownRoute } from '../routes/routes.ts';
import type { ArticleMeta, LegalMeta } from '../schemas/markdown.ts';
import type { Site } from '../schemas/site.ts';
import type { ContentModel, YamlPage } from '../validate/validateContent.ts';
import type { AnalysedMarkdown } from '../pipeline/markdownWork.tsx';

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

/** A page made from a YAML file, with what its output depends on besides the shared data. */
export interface YamlPageJob extends PageJob {
  page: YamlPage;
  /** The variant this job renders, as JSON ('' for a single page): part of its cache key. */
  variantKey: string;
}

/** The pages that come from content/pages/*.yaml: one per file, or the template's variants of it. */
export function yamlPageJobs(model: ContentModel, templates: TemplateSet, collections: Collections): YamlPageJob[] {
  return model.pages.flatMap((page) => {
    const template = templates.pages[page.template]!;
    const Component = template.component;
    const base = page.route ?? '/404';
    const variants = template.pages?.({ data: page.data, title: page.title, description: page.description, collections, route: base }) ?? [{ path: '', title: page.title, description: page.description, variant: undefined }];
    return variants.map(({ path, title, description, variant }) => {
      const route = subRoute(base, path);
      return {
        route,
        outputPath: page.route ? '' : '404.html',
        source: page.file,
        page,
        variantKey: variant === undefined ? '' : JSON.stringify(variant),
        head: { route, title, description, noindex: !page.route, feed: template.feed },
        element: () => <Component data={page.data} collections={collections} route={route} variant={variant} />,
      };
    });
  });
}

/** The data files YAML pages' templates publish beside them (the blog's search index). */
export function yamlPageFiles(model: ContentModel, templates: TemplateSet, collections: Collections): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of model.pages) {
    const made = templates.pages[page.template]!.files?.({ data: page.data, title: page.title, description: page.description, collections, route: page.route ?? '/404' });
    for (const [file, data] of made ?? []) files.set(file, data);
  }
  return files;
}

function subRoute(route: string, path: string): string {
  if (!path) return route;
  return route === '/' ? `/${path}` : `${route}/${path}`;
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
