import type { Root as HastRoot } from 'hast';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { HeadingInfo } from './markdown/parse.ts';
import type { Site } from './schemas/site.ts';
import type { ArticleMeta, LegalMeta } from './schemas/markdown.ts';

/** What every page knows: the settings and the summaries of every collection. */
export interface ArticleSummary extends ArticleMeta {
  slug: string;
  href: string;
  words: number;
  readingMinutes: number;
}

export interface LegalSummary extends LegalMeta {
  slug: string;
  href: string;
}

export interface Collections {
  /** Newest first. */
  articles: ArticleSummary[];
  /** The same articles grouped by category, newest first. */
  articlesByCategory: Map<string, ArticleSummary[]>;
  legal: LegalSummary[];
}

/** A markdown document ready for its template: the body is already rendered to HTML. */
export interface MarkdownDoc<M> {
  meta: M;
  html: string;
  headings: HeadingInfo[];
}

/** Props of a page template rendered from content/pages/{name}.yaml. */
export interface PageProps<D> {
  data: D;
  collections: Collections;
  route: string;
}

export interface ArticlePageProps {
  article: ArticleSummary;
  doc: MarkdownDoc<ArticleMeta>;
  collections: Collections;
}

export interface LegalPageProps {
  document: LegalSummary;
  doc: MarkdownDoc<LegalMeta>;
}

/** A template for YAML pages: its data schema (the page's own keys) and its component. */
export interface PageTemplate<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  component: ComponentType<PageProps<z.infer<S>>>;
  /** Whether the page links the articles' feed from its head. */
  feed?: boolean;
}

export function definePage<S extends z.ZodObject>(
  schema: S,
  component: ComponentType<PageProps<z.infer<S>>>,
  options: { feed?: boolean } = {},
): PageTemplate<S> {
  return { schema, component, ...options };
}

/** The templates the generator needs: what templates/index.ts must export. */
export interface TemplateSet {
  pages: Record<string, PageTemplate>;
  Article: ComponentType<ArticlePageProps>;
  LegalDocument: ComponentType<LegalPageProps>;
  Layout: ComponentType<{ children: React.ReactNode; route: string }>;
  /** Renders a markdown body (hast) with the embed components. */
  Markdown: ComponentType<{ tree: HastRoot }>;
}

export type { Site };
