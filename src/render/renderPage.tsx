import path from 'node:path';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageHead } from './head.ts';
import type { Pricing } from '../schemas/pricing.ts';
import type { Site } from '../schemas/site.ts';
import { Document } from './Document.tsx';
import { linkIslands, renderWithIslands, type IslandNames } from './islands.tsx';
import { SiteContext } from './siteContext.ts';

/** One page to render: its route, head, and the tree of its content (inside the layout). */
export interface PageJob {
  route: string;
  outputPath: string;
  source: string;
  head: PageHead;
  lastmod?: string;
  /** Islands already rendered into pre-rendered parts of the page (a markdown body). */
  islands?: string[];
  element: () => ReactNode;
}

export interface RenderContext {
  site: Site;
  pricing?: Pricing;
  year: number;
  stylesheet: string;
  loader: string;
  islandNames: IslandNames;
  islandUrls: ReadonlyMap<string, string>;
  Layout: ComponentType<{ children: ReactNode; route: string }>;
}

/** A template failed while rendering a page: names the page and the content file it came from, keeps the cause. */
export class RenderError extends Error {
  override name = 'RenderError';
  constructor(job: PageJob, cause: unknown) {
    super(`${path.relative(process.cwd(), job.source) || job.source}: rendering ${job.route} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Renders one page into a complete HTML document; the loader script is added only when the page has islands. */
export function renderPage(job: PageJob, ctx: RenderContext): { html: string; islands: string[] } {
  try {
    return renderDocument(job, ctx);
  } catch (error) {
    throw new RenderError(job, error);
  }
}

function renderDocument(job: PageJob, ctx: RenderContext): { html: string; islands: string[] } {
  const { Layout } = ctx;
  const tree = (
    <SiteContext.Provider value={{ site: ctx.site, pricing: ctx.pricing, year: ctx.year, route: job.route }}>
      <Layout route={job.route}>{job.element()}</Layout>
    </SiteContext.Provider>
  );
  const body = renderWithIslands(tree, ctx.islandNames);
  const islands = [...new Set([...body.islands, ...(job.islands ?? [])])].sort();
  const doc = renderToString(
    <Document site={ctx.site} head={job.head} stylesheet={ctx.stylesheet} loader={islands.length ? ctx.loader : undefined} body={linkIslands(body.html, ctx.islandUrls)} />,
  );
  return { html: `<!DOCTYPE html>${doc}`, islands };
}
