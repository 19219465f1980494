import type { ReactNode } from 'react';
import type { PropsFile } from '../islands/Island.tsx';
import type { Collections, FeedEntry, HeadingInfo, PageHead } from '../model.ts';

/** One page of the site: where it is published, what its head says, and what its output depends on. */
export interface PlannedPage {
  route: string;
  outputPath: string;
  /** The content file it comes from. */
  source: string;
  head: PageHead;
  /** When the page last changed, if its content says (the sitemap's lastmod). */
  lastmod?: string;
  /** A hash of the page's own inputs (its file, its variant, the data it shows): with what every page sees, its cache key. */
  inputs: string;
  /** The collection or the YAML page template it is made by: whose code renders it. */
  madeBy: MadeBy;
  /** Its template is given only what its collection `shows`, which `inputs` covers; else every collection, whose hash is part of its key. */
  showsPart?: true;
  /** The page shown for any path without a page (404.html): no link can point at it. */
  notFound?: boolean;
}

export type MadeBy = { collection: string } | { template: string };

/** What an entry's template is given besides its body: plain data, sent as it is to the thread that renders the page. */
export interface EntryProps {
  /** The collection whose template renders it. */
  collection: string;
  /** Its markdown file and the hash of its text: the body pre-rendered from them is found by both. */
  file: string;
  hash: string;
  summary: object;
  headings: HeadingInfo[];
  /** The part of the collections its collection `shows`; absent, its template is given all of them (sent once for every page). */
  shown?: Collections;
}

/** An entry's page as the plan makes it, with what its template will be given: rendered wherever its body is, never planned again. */
export interface EntryPage extends PlannedPage {
  entry: EntryProps;
}

/** A page with the tree that renders it (inside the layout). */
export interface PageJob extends PlannedPage {
  /** Islands already rendered into pre-rendered parts of the page (a markdown body). */
  islands?: string[];
  /** The props files of those islands that are shared. */
  propsFiles?: PropsFile[];
  /** The processed images those parts name. */
  images?: string[];
  element: () => ReactNode;
}

/** Every page of the site and what is made from the list of them. */
export interface SitePlan {
  /** The pages of content/pages/ (with their templates' further pages). */
  yamlPages: PageJob[];
  /** One page per entry, in the order of the model's entries (their bodies are rendered where they were analysed). */
  entryPages: EntryPage[];
  /** Data files templates publish beside their pages (the blog's search index). */
  files: Map<string, string>;
  /** Every route a page answers at, with the file it comes from (the not-found page has none). */
  routes: Map<string, string>;
  sitemap: { route: string; lastmod?: string }[];
  feed: FeedEntry[];
  collections: Collections;
  /** A hash of the collections: part of the key of every page given them all (every page but those of a collection that `shows` a part). */
  collectionsKey: string;
}
