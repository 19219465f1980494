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
export interface PageProps<D, V = undefined> {
  data: D;
  collections: Collections;
  route: string;
  /** Which of the template's pages this is (see `PageTemplate.pages`); undefined for a single page. */
  variant: V;
}

/** What a template's hooks see: the page's validated data, title and description, the collections, and the page's route. */
export interface PageContext<D> {
  data: D;
  title: string;
  description: string;
  collections: Collections;
  route: string;
}

/**
 * One of several pages a template makes from one YAML file (the blog's numbered and category
 * pages): at `path` under the file's route ('' for the route itself), with its own title.
 */
export interface PageVariant<V> {
  path: string;
  title: string;
  description: string;
  variant: V;
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
  /** Reported as `page/<rule>`. */
  rule: string;
  message: string;
  /** What to do about it, one line; a general hint stands in without one. */
  hint?: string;
}

/** What a page's data may refer to besides itself. */
export interface PageReferences {
  pricing: Pricing | undefined;
}

export interface PageOptions<D, V> {
  /** Whether the page links the articles' feed from its head. */
  feed?: boolean;
  /** Checks references from the page's data into other content files (run after every schema passed). */
  check?: (data: D, refs: PageReferences) => PageProblem[];
  /** The pages this template makes from one file, when more than one; each is rendered with its `variant`. */
  pages?: (context: PageContext<D>) => PageVariant<V>[];
  /** Data files the pages load on demand, by path in the output (under assets/, named by their content). */
  files?: (context: PageContext<D>) => Map<string, string>;
}

/** A template for YAML pages: its data schema (the page's own keys), its component and options. */
export interface PageTemplate<S extends z.ZodObject = z.ZodObject, V = unknown> extends PageOptions<z.infer<S>, V> {
  schema: S;
  component: ComponentType<PageProps<z.infer<S>, V>>;
}

export function definePage<S extends z.ZodObject, V = undefined>(schema: S, component: ComponentType<PageProps<z.infer<S>, V>>, options: PageOptions<z.infer<S>, V> = {}): PageTemplate<S, V> {
  return { schema, component, ...options };
}

/** The templates the generator needs: what templates/index.ts must export. */
export interface TemplateSet {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template has its own variant type
  pages: Record<string, PageTemplate<z.ZodObject, any>>;
  Article: ComponentType<ArticlePageProps>;
  LegalDocument: ComponentType<LegalPageProps>;
  Layout: ComponentType<{ children: React.ReactNode; route: string }>;
  /** Renders a markdown body (hast) with the embed components. */
  Markdown: ComponentType<{ tree: HastRoot }>;
}

export type { Site };
