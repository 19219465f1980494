import type { UnreleasedPages } from '../hosting/buildMode.ts';
import type { MarkdownFile, RawContent } from '../load/content.ts';
import type { SiteDefinition } from '../model.ts';
import type { Redirect, Redirects } from '../schemas/redirects.ts';
import type { ContentModel } from '../validate/validateContent.ts';

/** The read phase's output: plain data. */
export interface ReadContent {
  definition: SiteDefinition;
  raw: RawContent;
  /** The markdown files, read. */
  sources: MarkdownFile[];
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
