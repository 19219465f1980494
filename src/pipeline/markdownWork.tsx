import { performance } from 'node:perf_hooks';
import type { Paths } from '../config.ts';
import { diagnostic, FILE_START } from '../diagnostics.ts';
import type { MarkdownFile } from '../load/content.ts';
import { SiteImages, type ImageLookup } from '../islands/images.tsx';
import { createImageSizer } from '../load/imageSizes.ts';
import type { AnalysedMarkdown, PreRendered } from '../markdown/analysed.ts';
import { factsOf } from '../markdown/facts.ts';
import { deepestNesting } from '../markdown/nesting.ts';
import { parseMarkdown, type ParsedMarkdown } from '../markdown/parse.ts';
import { toHast } from '../markdown/toHast.ts';
import type { Collections, Site, SiteData } from '../model.ts';
import { entryPageJob } from '../plan/pagePlan.tsx';
import type { EntryPage } from '../plan/plannedPages.ts';
import { renderWithIslands } from '../render/islands.tsx';
import { renderEach, renderPage, type RenderContext } from '../render/renderPage.tsx';
import type { LoadedSite } from './loadDefinition.ts';
import type { RenderedPage } from './pageRecord.ts';
import { sinkPage, type FolderSink, type PageSink } from './pageSink.ts';

/** What rendering an entry's page needs besides its own file: plain data, so it can be sent to a worker. */
export interface SharedRender {
  site: Site;
  base: string;
  year: number;
  /** A build with drafts: a preview, whose pages are all kept from search engines. */
  preview: boolean;
  stylesheet: string;
  loader: string;
  islandUrls: [string, string][];
  /** Every collection, for the pages of a collection that does not say which part it `shows`. */
  collections: Collections;
}

/** An entry page to render, with its pre-rendered body unless the thread that renders it analysed the file and keeps it. */
export interface EntryRender {
  page: EntryPage;
  body?: PreRendered;
}

/** The markdown work of a build, wherever it runs: this thread, or each worker thread on its share of the files. */
export interface MarkdownWorker {
  analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]>;
  /** Renders entries' pages as planned, each handed to `sink` (a worker's: the folder of the version being staged, whose page folders exist). */
  render(jobs: EntryRender[], shared: SharedRender, sink: FolderSink): Promise<RenderedPage[]>;
}

/**
 * Parses, validates and pre-renders markdown files, then renders their pages. It runs in the
 * builder's thread or, for large sites, once per worker thread on a share of the files.
 */
export class MarkdownWorkspace implements MarkdownWorker {
  /** Analyses kept for the next build, by file (not on a worker: it builds once). */
  private done = new Map<string, AnalysedMarkdown>();
  /** Pre-rendered bodies kept for rendering their pages, by file, with the hash of the text they came from. */
  private bodies = new Map<string, { hash: string; body: AnalysedMarkdown['body'] }>();
  private sizeOf;

  /** Describes the images of public/ for templates (sizes, the hashes naming their variants). */
  get images() {
    return this.sizeOf;
  }

  /**
   * Bodies are kept for rendering the pages analysed here; with `keepAnalyses`, whole analyses
   * are kept for the next build (watch). A worker keeps only bodies: what it keeps is what its
   * collector walks again and again. `base` is the path the site is published under, which
   * bodies' links, images and islands are rendered under.
   */
  constructor(
    private readonly paths: Paths,
    private readonly load: () => Promise<LoadedSite>,
    private readonly base: string,
    private readonly keepAnalyses = true,
  ) {
    this.sizeOf = createImageSizer(paths.public);
  }

  /** The analyses kept for the next build. */
  analyses(): AnalysedMarkdown[] {
    return [...this.done.values()];
  }

  /** Analyses another workspace made with the same code, kept as if made here. */
  adopt(analyses: AnalysedMarkdown[]): void {
    for (const analysis of analyses) this.done.set(analysis.facts.file, analysis);
  }

  /** Forget the analyses and bodies (made by code that changed since). */
  forgetAnalyses(): void {
    this.done.clear();
    this.bodies.clear();
  }

  /** Forget the analyses and bodies of the files a build no longer lists (deleted or renamed): a long watch keeps only what the site has. */
  forgetAllBut(files: ReadonlySet<string>): void {
    for (const file of this.done.keys()) if (!files.has(file)) this.done.delete(file);
    for (const file of this.bodies.keys()) if (!files.has(file)) this.bodies.delete(file);
  }

  /** Forget the sizes of public/'s images (it changed): each is measured again when next asked for. */
  forgetImageSizes(): void {
    this.sizeOf = createImageSizer(this.paths.public);
  }

  async analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]> {
    const { definition, names } = await this.load();
    const { Markdown } = definition;
    const collections = new Map(definition.collections.map((c) => [c.name, c]));
    return files.map(({ collection, slug, file, text, hash, encoding }) => {
      const hit = this.done.get(file);
      if (hit?.hash === hash) return hit;
      const of = collections.get(collection)!;
      let result: AnalysedMarkdown;
      let parsed: ParsedMarkdown | undefined;
      try {
        parsed = parseMarkdown(file, text, this.sizeOf);
        if (encoding) parsed.diagnostics.unshift(encoding);
        const facts = factsOf(of, slug, parsed, this.sizeOf);
        const body = facts.meta
          ? renderWithIslands(
              <SiteImages value={this.sizeOf}>
                <Markdown tree={toHast(parsed.tree)} />
              </SiteImages>,
              names,
              this.base,
              'b',
            )
          : undefined;
        result = { facts, hash, body };
      } catch (error) {
        // Structures nested too deep for any stack (the parser's, the renderer's): an error of this file, not a crash.
        if (!(error instanceof RangeError)) throw error;
        // What is nested, and where, when the parser read the file and the renderer could not.
        const deepest = parsed && deepestNesting(parsed.tree);
        const problem = diagnostic(
          file,
          deepest?.at ?? FILE_START,
          'markdown/too-deep',
          deepest
            ? `this file nests ${deepest.nesting} here, too deep to render (${error.message}): flatten it`
            : `this file nests its structure too deeply to be read (${error.message}): flatten it`,
        );
        const facts = factsOf(of, slug, {
          file,
          frontmatter: undefined,
          tree: { type: 'root', children: [] },
          links: [],
          images: [],
          headings: [],
          words: 0,
          diagnostics: [problem],
        });
        result = { facts, hash, body: undefined };
      }
      if (this.keepAnalyses) this.done.set(file, result);
      this.bodies.set(file, { hash, body: result.body });
      return result;
    });
  }

  async render(jobs: EntryRender[], shared: SharedRender, sink: PageSink): Promise<RenderedPage[]> {
    const loaded = await this.load();
    const collections = new Map(loaded.definition.collections.map((c) => [c.name, c]));
    // Entry pages show no data files: their cache key is their own text and what every page sees.
    const context = renderContext(shared, {}, loaded, this.sizeOf);
    sink.prepare(jobs.map(({ page }) => page.outputPath));
    return renderEach(jobs, ({ page: planned, body: sent }) => {
      const started = performance.now();
      const { file, hash, collection } = planned.entry;
      const known = this.bodies.get(file);
      const body = sent ?? (known?.hash === hash ? known.body : undefined);
      if (!body) throw new Error(`${file} has no pre-rendered body: it has errors and cannot be rendered`);
      const job = entryPageJob(planned, collections.get(collection)!, body, shared.collections);
      return sinkPage(sink, job, renderPage(job, context), started);
    });
  }
}

/** What every page of a build is rendered with: what they all share, the data files a page may show, the templates and public/'s images. */
export function renderContext(shared: SharedRender, data: SiteData, { definition, names }: LoadedSite, images: ImageLookup): RenderContext {
  const { site, base, year, preview, stylesheet, loader } = shared;
  return {
    site,
    base,
    data,
    year,
    preview,
    stylesheet,
    loader,
    islandNames: names,
    islandUrls: new Map(shared.islandUrls),
    images,
    Layout: definition.Layout,
    title: definition.title,
  };
}
