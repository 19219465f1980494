import type { Root as HastRoot } from 'hast';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Place } from './diagnostics.ts';
import type { FocalPoint, ImageSource } from './islands/images.tsx';
import type { Redirects } from './schemas/redirects.ts';
import type { Site } from './schemas/site.ts';

/**
 * The shared model: how a site declares its content (data files, collections, page templates)
 * and what the generator hands the templates. Every stage of the pipeline reads these types;
 * only templates/index.ts names a kind of content.
 */

/** A reference (link or image) with the place it was written. */
export interface SourceRef extends Place {
  url: string;
}

export interface HeadingInfo {
  depth: number;
  text: string;
  id: string;
}

/** Everything a page's <head> says about it. */
export interface PageHead {
  route: string;
  title: string;
  description: string;
  type?: 'website' | 'article';
  image?: string;
  /** The point of `image` its social card (1200 × 630) is cropped around; the centre by default. */
  imageFocus?: FocalPoint;
  imageAlt?: string;
  noindex?: boolean;
  jsonLd?: object;
  published?: string;
  modified?: string;
  /** Whether the page links the site's Atom feed. */
  feed?: boolean;
}

/** One entry of the site's Atom feed. */
export interface FeedEntry {
  title: string;
  href: string;
  published: string;
  updated: string;
  author: string;
  category?: string;
  summary: string;
}

/** The summaries of every collection's entries, by collection folder, each in its collection's order. */
export type Collections = Readonly<Record<string, readonly object[]>>;

/** The summaries of a site's collections as its templates read them, typed from its registry (the list `defineSite` is given as `collections`): each collection's under its folder. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any frontmatter: only the folder and the summary are read
export type CollectionsOf<C extends readonly Collection<any, any>[]> = {
  readonly [K in C[number] as K['folder']]: readonly SummaryOf<K>[];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type SummaryOf<C> = C extends Collection<any, infer E> ? E : never;

/** `collections` typed from its site's registry: the generator keys each collection's summaries by its folder (`makeCollections`), as `CollectionsOf` says. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export function collectionsOf<C extends readonly Collection<any, any>[]>(collections: Collections): CollectionsOf<C> {
  return collections as CollectionsOf<C>;
}

/**
 * Whether an entry is live on the day of the build: published, a draft, or scheduled for a later
 * day. A production build leaves out entries that are not published; `--drafts` (and watch)
 * shows them, marked, and keeps search engines away from them.
 */
export type Release = { status: 'published' } | { status: 'draft' } | { status: 'scheduled'; date: string };

/** When an entry of a collection may go live, as its frontmatter says. */
export interface Publication {
  /** Kept out of the site until this is false or absent. */
  draft?: boolean;
  /** The day (YYYY-MM-DD) it goes live: the first build on or after it publishes it. */
  date: string;
}

/** What a collection knows of one of its markdown files once its frontmatter is valid. */
export interface EntrySource<M> {
  meta: M;
  slug: string;
  href: string;
  words: number;
  release: Release;
  /** The images the frontmatter's top-level fields typed `assetPath` name, described for templates (by key). */
  images: Readonly<Record<string, ImageSource>>;
}

/** Props of a collection's page template: its entry's summary, its body rendered to HTML, and every collection. */
export interface EntryPageProps<E> {
  entry: E;
  body: { html: string; headings: HeadingInfo[] };
  collections: Collections;
}

/**
 * A kind of markdown content: the files `content/{folder}/*.md`, their frontmatter schema, where
 * each is published and with which template, and what other pages know of it (its summary).
 */
export interface Collection<M = unknown, E extends object = object> {
  /** Names the collection's files in messages and rule ids (`article/invalid-value`). */
  name: string;
  /** The folder under content/ holding the collection's `*.md` files; also its key in `Collections`. */
  folder: string;
  schema: z.ZodType<M>;
  route(slug: string): string;
  /** For collections whose entries can be drafts or scheduled: when an entry goes live. Without it, every entry is published. */
  publication?(meta: M): Publication;
  /** What every page knows of an entry (lists, cards, related entries, search): plain data. */
  summary(source: EntrySource<M>): E;
  /** The collection's order in `Collections` (and the sitemap's and feed's input). */
  order(a: E, b: E): number;
  /** The entry page's head beyond its route, and the date search engines are told it changed. */
  page(entry: E & { words: number }, site: Site): { head: Omit<PageHead, 'route'>; lastmod?: string };
  /** Entries that also go into the site's Atom feed. */
  feed?(entry: E): FeedEntry;
  /** Two entries with the same title are reported (a warning): readers cannot tell them apart in lists. */
  distinctTitles?: (entry: E) => string;
  /** The site's own checks of its entries beyond their schema (each entry's length, one featured among all), under rules of the site definition; run once every data file is valid. */
  check?: (entries: readonly Readonly<E & { words: number }>[], siteData: SiteData) => EntryProblem<E>[];
  /**
   * What an entry's page shows of the collections (its related entries), as collections holding
   * only that. With it, the template is given these instead of every collection, and the page's
   * key covers them alone: a pull request that adds or retitles an entry renders only the entry
   * pages that show it (and the lists), not every page.
   */
  shows?(entry: E, collections: Collections): Collections;
  template: ComponentType<EntryPageProps<E>>;
}

/** Declares a collection, keeping its folder's name in its type: the key templates read its summaries by. */
export function defineCollection<M, E extends object, const F extends string>(collection: Collection<M, E> & { folder: F }): Collection<M, E> & { folder: F } {
  return collection;
}

/** A YAML file of settings or data at the top of content/ (site.yaml, pricing.yaml). */
export interface DataFile<T = unknown> {
  file: string;
  schema: z.ZodType<T>;
  /** A site may go without it: templates that need it say so when their pages are checked. */
  optional?: boolean;
}

/** The data files by name, as templates see them (an optional file that is absent is undefined). */
export type SiteData = Readonly<Record<string, unknown>>;

/** Props of a page template rendered from content/pages/{name}.yaml. */
export interface PageProps<D, V = undefined> {
  data: D;
  collections: Collections;
  route: string;
  /** Which of the template's pages this is (see `PageOptions.pages`); undefined for a single page. */
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

/**
 * A rule of the site's own checks (a schema's refinement naming it in `params: { rule }`, a page
 * template's check): declared once in the site definition, reported as the kind of file then its
 * name (`pricing/no-price`, `page/offer-plan`) with its severity and hint, and explained in the
 * rule catalogue from what it means and an example.
 */
export interface SiteRule {
  severity: 'error' | 'warning';
  means: string;
  example: string;
  /** What to do about it: one line, no full stop. */
  hint: string;
}

/** A problem a template finds in a page's data beyond its schema, at a path into the page's YAML, under one of the site's rules. */
export interface PageProblem<Rule extends string = string> {
  path: PropertyKey[];
  /** A rule of the site definition's `rules`: reported as `page/<rule>`. */
  rule: Rule;
  message: string;
}

/** A problem a collection's check finds in one of its entries: at a key of its frontmatter (else the file's start), under one of the site's rules (reported as `<collection>/<rule>`). */
export interface EntryProblem<E = unknown, Rule extends string = string> {
  entry: E;
  field?: string;
  rule: Rule;
  message: string;
}

export interface PageOptions<D, V> {
  /** Whether the page links the site's feed from its head. */
  feed?: boolean;
  /** Checks references from the page's data into the data files (run once every data file is valid). */
  check?: (data: D, siteData: SiteData) => PageProblem[];
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

export function definePage<S extends z.ZodObject, V = undefined>(
  schema: S,
  component: ComponentType<PageProps<z.infer<S>, V>>,
  options: PageOptions<z.infer<S>, V> = {},
): PageTemplate<S, V> {
  return { schema, component, ...options };
}

/**
 * The whole site as templates/index.ts declares it: what the generator reads, validates and
 * renders. `S` is the site's settings as its templates declare them: sitegen's core (`Site`) and
 * the site's own.
 */
export interface SiteDefinition<S extends Site = Site> {
  /**
   * The data files; `site` (content/site.yaml, the settings every page uses) is required, its
   * schema the core extended with the site's own settings. The generator itself serves and
   * publishes `redirects` (old addresses and where they lead), if declared.
   */
  data: { site: DataFile<S>; redirects?: DataFile<Redirects> } & Record<string, DataFile>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each collection has its own frontmatter and summary
  collections: Collection<any, any>[];
  /** The templates a page in content/pages/*.yaml can name with `template:`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template has its own variant type
  pages: Record<string, PageTemplate<z.ZodObject, any>>;
  Layout: ComponentType<{ children: ReactNode; route: string }>;
  /** Renders a markdown body (hast) with the embed components. */
  Markdown: ComponentType<{ tree: HastRoot }>;
  /** The rules of the site's own checks, by name. */
  rules?: Record<string, SiteRule>;
  /** A page's `<title>`, from the site's settings and the page's head (its route and title). */
  title(site: S, head: PageHead): string;
}

/** Declares the site; its settings' type is inferred from the schema of its `site` data file. */
export function defineSite<S extends Site>(definition: SiteDefinition<S>): SiteDefinition {
  return definition;
}

/** YAML pages live in content/pages/; each names its template. */
export const PAGES_FOLDER = 'pages';

export type { Site };
