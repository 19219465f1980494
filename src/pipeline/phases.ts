import type { UnreleasedPages } from '../hosting/buildMode.ts';
import type { MarkdownFile, RawContent } from '../load/content.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { SiteDefinition } from '../model.ts';
import type { Redirect, Redirects } from '../schemas/redirects.ts';
import type { ContentModel } from '../validate/validateContent.ts';
import type { AnalysisCache } from './cache/analysisCache.ts';
import type { MarkdownWorker } from './markdownWork.tsx';
import type { MarkdownPool } from './workers/pool.ts';

/** The read phase's output. */
export interface ReadContent {
  definition: SiteDefinition;
  raw: RawContent;
  sources: MarkdownFile[];
  /** For each source, its analysis from the cache, if the cache has it. */
  known: (AnalysedMarkdown | undefined)[];
  /** The sources the cache does not have, being analysed (`analysing`) by `markdown`. */
  missing: MarkdownFile[];
  analysing: Promise<AnalysedMarkdown[]>;
  markdown: MarkdownWorker;
  /** The worker threads `markdown` is (large sites), closed by whoever ends the build, once rendering is done. */
  pool: MarkdownPool | undefined;
  cache: AnalysisCache | undefined;
}

/** The redirects of content/redirects.yaml, when the site declares the file and has it. */
export const redirectsOf = (model: ContentModel): readonly Redirect[] | undefined => (model.data.redirects as Redirects | undefined)?.redirects;

/** The drafts and scheduled entries of the content by route, in route order, whether or not this build shows them. */
export function unreleasedPages(model: ContentModel, routes: Map<string, string>): UnreleasedPages {
  const routeOf = new Map([...routes].map(([route, file]) => [file, route]));
  const pages = [...model.entries, ...model.withheld].flatMap(({ doc, release }) => {
    const route = routeOf.get(doc.facts.file);
    return release.status === 'published' || !route ? [] : [[route, release] as const];
  });
  return Object.fromEntries(pages.sort(([a], [b]) => (a < b ? -1 : 1)));
}
