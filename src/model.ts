import type { Root as HastRoot } from 'hast';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { HeadingInfo } from './markdown/parse.ts';
import type { Pricing } from './schemas/pricing.ts';
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

/** A problem a template finds in a page's data beyond its schema, at a path into the page's YAML. */
export interface PageProblem {
  path: PropertyKey[];
  rule: string;
  message: string;
}

/** What a page's data may refer to besides itself. */
export interface PageReferences {
  pricing: Pricing | undefined;
}

/** A template for YAML pages: its data schema (the page's own keys) and its component. */
export interface PageTemplate<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  component: ComponentType<PageProps<z.infer<S>>>;
  /** Whether the page links the articles' feed from its head. */
  feed?: boolean;
  /** Checks references from the page's data into other content files (run after every schema passed). */
  check?: (data: z.infer<S>, refs: PageReferences) => PageProblem[];
}

export function definePage<S extends z.ZodObject>(
  schema: S,
  component: ComponentType<PageProps<z.infer<S>>>,
  options: { feed?: boolean; check?: (data: z.infer<S>, refs: PageReferences) => PageProblem[] } = {},
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
