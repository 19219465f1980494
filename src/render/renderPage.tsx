import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageJob } from '../build/pageJobs.tsx';
import type { Site } from '../schemas/site.ts';
import { Document } from './Document.tsx';
import { renderWithIslands, type IslandTargets } from './islands.tsx';
import { SiteContext } from './siteContext.ts';

export interface RenderContext {
  site: Site;
  year: number;
  stylesheet: string;
  loader: string;
  islands: IslandTargets;
  Layout: ComponentType<{ children: ReactNode; route: string }>;
}

/** Renders one page into a complete HTML document; the loader script is added only when the page has islands. */
export function renderPage(job: PageJob, ctx: RenderContext): { html: string; islands: string[] } {
  const { Layout } = ctx;
  const tree = (
    <SiteContext.Provider value={{ site: ctx.site, year: ctx.year, route: job.route }}>
      <Layout route={job.route}>{job.element()}</Layout>
    </SiteContext.Provider>
  );
  const body = renderWithIslands(tree, ctx.islands);
  const doc = renderToString(
    <Document site={ctx.site} head={job.head} stylesheet={ctx.stylesheet} loader={body.islands.length ? ctx.loader : undefined} body={body.html} />,
  );
  return { html: `<!DOCTYPE html>${doc}`, islands: body.islands };
}
