import path from 'node:path';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PropsFile } from '../islands/Island.tsx';
import { ImageUses, SiteImages, type ImageLookup } from '../islands/images.tsx';
import type { Site, SiteData, SiteDefinition } from '../model.ts';
import type { PageJob } from '../plan/plannedPages.ts';
import { Document } from './Document.tsx';
import { linkIslands, renderWithIslands, type IslandNames } from './islands.tsx';
import { SiteContext } from './siteContext.ts';

export interface RenderContext {
  /** The site settings, its `url` the address of the site's root (under the base, for a preview). */
  site: Site;
  /** The path the site is published under ('' at the root of its host): every site path in the page goes under it. */
  base: string;
  data: SiteData;
  year: number;
  /** A build with drafts: every page says it is a preview. */
  preview: boolean;
  stylesheet: string;
  loader: string;
  islandNames: IslandNames;
  islandUrls: ReadonlyMap<string, string>;
  /** Describes the images of public/ that templates name (sizes, the hashes naming their variants). */
  images: ImageLookup;
  Layout: ComponentType<{ children: ReactNode; route: string }>;
  title: SiteDefinition['title'];
}

/**
 * A template failed while rendering a page: names the page and the content file it came from, keeps
 * the cause, and says how many other pages the same build saw fail (a fault in a component every page
 * shows fails them all, and the page named is only the first).
 */
export class RenderError extends Error {
  override name = 'RenderError';
  constructor(
    readonly job: PageJob,
    cause: unknown,
    readonly others = 0,
  ) {
    super(
      `${path.relative(process.cwd(), job.source) || job.source}: rendering ${job.route} failed: ${cause instanceof Error ? cause.message : String(cause)}${
        others ? ` (and ${others} other ${others === 1 ? 'page' : 'pages'}: look in the code they share)` : ''
      }`,
      { cause },
    );
  }
}

/**
 * Renders each item, on past a page a template fails, and throws the first failure with the number
 * of the others; any other error is thrown at once.
 */
export function renderEach<Item, Out>(items: Iterable<Item>, render: (item: Item) => Out): Out[] {
  const out: Out[] = [];
  let first: RenderError | undefined;
  let others = 0;
  for (const item of items) {
    try {
      out.push(render(item));
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      if (first) others += 1 + error.others;
      else first = error;
    }
  }
  if (first) throw new RenderError(first.job, first.cause, first.others + others);
  return out;
}

/** A page rendered into a complete HTML document, with the islands it holds, the props files of its shared ones and the processed images it names. */
export interface RenderedDocument {
  html: string;
  islands: string[];
  propsFiles: PropsFile[];
  images: string[];
}

/** Renders one page into a complete HTML document; the loader script is added only when the page has islands. */
export function renderPage(job: PageJob, ctx: RenderContext): RenderedDocument {
  try {
    return renderDocument(job, ctx);
  } catch (error) {
    throw new RenderError(job, error);
  }
}

function renderDocument(job: PageJob, ctx: RenderContext): RenderedDocument {
  const { Layout } = ctx;
  const tree = (
    <SiteContext.Provider value={{ site: ctx.site, data: ctx.data, year: ctx.year, preview: ctx.preview, route: job.route }}>
      <SiteImages value={ctx.images}>
        <Layout route={job.route}>{job.element()}</Layout>
      </SiteImages>
    </SiteContext.Provider>
  );
  const body = renderWithIslands(tree, ctx.islandNames, ctx.base);
  const islands = [...new Set([...body.islands, ...(job.islands ?? [])])].sort();
  const inHead = new Set<string>();
  const doc = renderToString(
    <ImageUses value={inHead}>
      <Document
        site={ctx.site}
        base={ctx.base}
        head={job.head}
        title={ctx.title(ctx.site, job.head)}
        images={ctx.images}
        stylesheet={ctx.stylesheet}
        loader={islands.length ? ctx.loader : undefined}
        body={linkIslands(body.html, ctx.islandUrls, ctx.base)}
      />
    </ImageUses>,
  );
  const images = [...new Set([...body.images, ...(job.images ?? []), ...inHead])].sort();
  return { html: `<!DOCTYPE html>${doc}`, islands, propsFiles: [...body.propsFiles, ...(job.propsFiles ?? [])], images };
}
