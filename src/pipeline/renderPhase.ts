import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildYear, type Paths } from '../config.ts';
import { ContentError, diagnostic } from '../diagnostics.ts';
import { contentHash } from '../hash.ts';
import { ASSETS_DIR, WATCH_STYLESHEET } from '../hosting/policy.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { PlannedPage, SitePlan } from '../plan/plannedPages.ts';
import type { BuildProgress } from '../progress.ts';
import { RenderError, renderEach, renderPage } from '../render/renderPage.tsx';
import type { SiteAddress } from '../routes/urls.ts';
import { imageReferences } from '../validate/crossChecks.ts';
import type { ContentModel } from '../validate/validateContent.ts';
import { redirectFiles } from '../write/redirectPages.ts';
import { atomFeed, robotsTxt, sitemapXml } from '../write/siteFiles.ts';
import type { AnalysisCache } from './cache/analysisCache.ts';
import type { Assets } from './cache/assetCache.ts';
import type { ImageCache } from './cache/imageCache.ts';
import type { CachedPage } from './cache/pageIndex.ts';
import { ImageWork, type ImageSourceFile, type ImageStats } from './imageWork.ts';
import type { LoadedSite } from './loadDefinition.ts';
import { renderContext, type MarkdownWorkspace, type SharedRender } from './markdownWork.tsx';
import type { MarkdownThreads } from './markdownThreads.ts';
import type { PageCode } from './pageCode.ts';
import type { PageOrigin, RenderedPage } from './pageRecord.ts';
import { sinkPage, type PageSink } from './pageSink.ts';
import { PageStore, type PageSource } from './pageStore.ts';
import { redirectsOf, type ReadContent } from './phases.ts';
import { RenderedOutput, type GeneratedKind } from './renderedOutput.ts';

/** What rendering knows once it knows where each page comes from: plain data, decided by `reuse` and taken by `render`. */
export interface RenderWork {
  read: ReadContent;
  model: ContentModel;
  plan: SitePlan;
  shared: SharedRender;
  /** The files besides pages: the stylesheet (under the base), the island bundles and the plan's data files, each with its kind. */
  files: [file: string, data: string | Uint8Array, kind: GeneratedKind][];
  keyOf: (page: PlannedPage) => string;
  /** Each entry's analysis by its file. */
  docOf: ReadonlyMap<string, AnalysedMarkdown>;
  /** Where each page comes from, by output path. */
  sources: ReadonlyMap<string, PageSource>;
  /** Pages are written as they are restored or rendered: the new version must be open, and the sink `render` is given. */
  needsVersion: boolean;
}

/** What `render` works with besides its work: the resources the builder owns for the build. */
export interface RenderTools {
  /** Where every page goes. */
  sink: PageSink;
  /** Where entry pages render: the threads that analysed them. */
  threads: MarkdownThreads;
  /** The analysis cache, which keeps the bodies of stale pages apart. */
  cache: AnalysisCache | undefined;
  onProgress?: (progress: BuildProgress) => void;
}

/** What the render phase is given of the builder's lifelong state. */
export interface RenderSetup {
  paths: Paths;
  address: SiteAddress;
  site: () => Promise<LoadedSite>;
  workspace: MarkdownWorkspace;
  /** The cache's version of the code (`persistent`): the page index is read and written only with one. */
  version: Promise<string> | undefined;
  /** Each page keyed by the code that renders it (`pageCode`). */
  pageCode: () => Promise<PageCode> | undefined;
  imageCache: ImageCache | undefined;
  unhashedStylesheet: boolean;
  /**
   * Entry pages go straight into the new version as they are rendered, not kept for the next
   * build (which reads the cache on disk); a build that renders only YAML pages keeps its few in
   * memory, and leaves the output as it is when they come out the same.
   */
  writesAsItRenders: boolean;
  note: (line: string) => void;
}

/**
 * Render: every page of the plan whose inputs changed since it was last rendered (in this
 * builder, or in the output the manifest describes); the others are kept or linked. It keeps the
 * pages it rendered in memory for the next build, and makes the images the pages name.
 */
export class RenderPhase {
  /** Every page earlier builds made: in memory (watch), in the last output and in the page cache. */
  readonly pages: PageStore;
  private readonly images: ImageWork;

  constructor(private readonly setup: RenderSetup) {
    this.images = new ImageWork(setup.imageCache);
    const { version, paths, note } = setup;
    this.pages = new PageStore(version && { cacheDir: paths.cache, outDir: paths.out, version, log: note });
  }

  /**
   * The first half of rendering: where each page comes from (kept in memory, linked from the last
   * output, restored from the page cache, or rendered), and whether the new version must be open
   * first (`needsVersion`; pages rendered on worker threads, `threaded`, always are written as they render).
   */
  async reuse(read: ReadContent, model: ContentModel, plan: SitePlan, assets: Assets, threaded: boolean): Promise<RenderWork> {
    const version = this.setup.version ? await this.setup.version : undefined;
    await this.pages.open();
    const { shared, files } = await this.assetFiles(model, plan, assets);
    const images = this.imageSources(model);
    const keyOf = await this.keys(model, plan, shared, version, images);
    // The images each page names are made while the others render; reused pages name theirs from the page index.
    this.images.begin(images);
    // An entry page's analysis, found by its file: its body is rendered into the page.
    const docOf = new Map(model.entries.map(({ doc }) => [doc.facts.file, doc]));
    const jobs = [...plan.entryPages, ...plan.yamlPages];
    const sources = new Map(jobs.map((job) => [job.outputPath, this.pages.source(job.outputPath, keyOf(job))]));
    const any = (from: PageSource['from']) => [...sources.values()].some((source) => source.from === from);
    // Worker threads write the pages they render; so does this thread when no later build keeps them in memory (all but watch), and the page cache.
    const needsVersion = threaded || (this.setup.writesAsItRenders && any('render')) || any('cache');
    return { read, model, plan, shared, files, keyOf, docOf, sources, needsVersion };
  }

  /**
   * The second half: every page into the output and, but those linked from the last output, into
   * `sink`. Entry pages render where their bodies are (on worker threads for large sites, which
   * write them into the sink's folder themselves) while this thread renders the YAML pages.
   * Memory then keeps the pages the sink holds, for the next build (watch).
   */
  async render(work: RenderWork, { sink, threads, cache, onProgress }: RenderTools): Promise<RenderedOutput> {
    const { read, model, plan, shared, keyOf, docOf, sources } = work;
    const output = new RenderedOutput((files) => this.pages.sameOutput(files), this.images, sources.size, onProgress);
    for (const [file, data, kind] of work.files) output.add(file, data, kind);
    // Images made while the pages render go into the version at once; the write writes those made after.
    const placing = this.images.placeWhileRendering((name, bytes) => {
      try {
        for (const file of sink.putFiles([[name, bytes]])) output.inVersion.add(file);
      } catch {
        // Not there: the write puts it in place with the others, and says why it cannot.
      }
    });
    try {
      const made: { key: string; page: RenderedPage }[] = [];
      const keep = (job: PlannedPage, page: RenderedPage, from: Exclude<PageOrigin, 'output'>) => {
        const key = keyOf(job);
        output.keep(page, key, from);
        made.push({ key, page });
      };
      const toRender = this.placeReused([...plan.entryPages, ...plan.yamlPages], work, sink, output, keep);
      const stale = plan.entryPages.filter((page) => toRender.has(page));
      await restoreBodies(
        read,
        cache,
        threads,
        stale.map((page) => docOf.get(page.entry.file)!),
      );
      const yamlPages = plan.yamlPages.filter((job) => toRender.has(job));
      const rendering = threads.render(
        stale.map((page) => ({ page, body: docOf.get(page.entry.file)!.body })),
        shared,
        sink,
        yamlPages.length,
      );
      rendering.catch(() => undefined);
      // While the workers render: what this thread writes now, it would write later alone.
      for (const file of sink.putFiles(work.files)) output.inVersion.add(file);

      const context = renderContext(shared, model.data, await this.setup.site(), this.setup.workspace.images);
      try {
        sink.prepare(yamlPages.map((job) => job.outputPath));
        renderEach(yamlPages, (job) => {
          const started = performance.now();
          keep(job, sinkPage(sink, job, renderPage(job, context), started), 'render');
        });
      } catch (error) {
        // The entry pages' failures counted too: a fault in the layout fails every page of the site.
        const entries = await rendering.then(
          () => 0,
          (fault: unknown) => (fault instanceof RenderError ? 1 + fault.others : 0),
        );
        throw error instanceof RenderError && entries ? new RenderError(error.job, error.cause, error.others + entries) : error;
      }

      // Each page answered under its output path, whatever thread rendered it and in whatever order.
      const planned = new Map(stale.map((page) => [page.outputPath, page]));
      for (const page of await rendering) keep(planned.get(page.outputPath)!, page, 'render');
      // The documents the sink holds are written with the other files, and kept for the next build.
      for (const [file, html] of sink.held()) output.add(file, html, 'page');
      this.pages.remember(made, sink.held());
      siteFiles(output, model, plan, this.setup.address.base);
    } finally {
      placing.stop();
    }
    return output;
  }
  /**
   * Puts the pages that are not rendered now in place: a page kept in memory into `sink`, a page
   * of the page cache into `sink` from its blob, a page of the last output into the output only
   * (the write links it). Returns the pages to render: those whose source is a render, and those
   * whose blob the cache lost.
   */
  private placeReused(
    jobs: PlannedPage[],
    { sources, keyOf }: RenderWork,
    sink: PageSink,
    output: RenderedOutput,
    keep: (job: PlannedPage, page: RenderedPage, from: Exclude<PageOrigin, 'output'>) => void,
  ): Set<PlannedPage> {
    const sourceOf = (job: PlannedPage): PageSource => sources.get(job.outputPath) ?? { from: 'render' };
    // Pages put from memory or the page cache here, in one go; those to render, by the threads that render them.
    sink.prepareParents(jobs.filter((job) => sourceOf(job).from === 'render').map((job) => job.outputPath));
    sink.prepare(jobs.filter((job) => sourceOf(job).from === 'memory' || sourceOf(job).from === 'cache').map((job) => job.outputPath));
    const toRender = new Set<PlannedPage>();
    const fromCache: { job: PlannedPage; page: CachedPage }[] = [];
    for (const job of jobs) {
      const source = sourceOf(job);
      const { route, outputPath } = job;
      if (source.from === 'memory') {
        const { html, islands, images, props, propsFiles } = source.page;
        keep(job, { route, outputPath, ...sink.put(outputPath, html), islands, images, props, propsFiles, ms: 0 }, 'memory');
      }
      if (source.from === 'output') output.link(job, keyOf(job), source.page);
      if (source.from === 'cache') fromCache.push({ job, page: source.page });
      if (source.from === 'render') toRender.add(job);
    }
    for (const { job, page } of fromCache) {
      const { route, outputPath } = job;
      const restored = this.pages.restore(page, outputPath, keyOf(job), (blob) => sink.copy(outputPath, blob));
      if (restored) keep(job, { route, outputPath, ...restored, ms: 0 }, 'cache');
      else toRender.add(job);
    }
    return toRender;
  }

  /**
   * Records a build that wrote a new version in the page store (`persistent` builds): the page
   * cache links the pages it lacks from the output. Returns how many it added and dropped.
   */
  savePages(output: RenderedOutput): Promise<{ added: number; dropped: number } | undefined> {
    return this.pages.save(output.pages.values(), (file) => {
      const text = output.files.get(file);
      return typeof text === 'string' ? text : undefined;
    });
  }

  /** What every entry page shares, and the files besides pages: the stylesheet (under the base), the island bundles and the plan's data files. */
  private async assetFiles(model: ContentModel, plan: SitePlan, { stylesheet: built, bundle }: Assets): Promise<Pick<RenderWork, 'shared' | 'files'>> {
    const { base } = this.setup.address;
    // The CSS parser is loaded only for a build under a base.
    const placed = base ? (await import('../bundle/stylesheetUrls.ts')).stylesheetUnder(built, base) : built;
    const stylesheet = this.setup.unhashedStylesheet ? { ...placed, fileName: WATCH_STYLESHEET } : placed;
    const stylesheetUrl = `/${ASSETS_DIR}/${stylesheet.fileName}`;
    const files: RenderWork['files'] = [[stylesheetUrl.slice(1), stylesheet.css, 'stylesheet']];
    for (const [file, data] of bundle.files) files.push([file, data, 'script']);
    for (const [file, data] of plan.files) files.push([file, data, 'data']);
    const shared = {
      site: model.site,
      base,
      year: buildYear(),
      preview: model.drafts,
      stylesheet: stylesheetUrl,
      loader: bundle.loader,
      islandUrls: [...bundle.islands],
      collections: plan.collections,
    };
    return { shared, files };
  }
  /**
   * Each page's key: everything a page can see besides its own inputs (when this changes, every
   * page renders again), the collections unless its inputs cover the part of them it shows, and its inputs.
   */
  private async keys(
    model: ContentModel,
    plan: SitePlan,
    shared: SharedRender,
    version: string | undefined,
    images: ReadonlyMap<string, ImageSourceFile>,
  ): Promise<(page: PlannedPage) => string> {
    const code = await this.setup.pageCode();
    // The base is part of it (every URL of a page is under it); so is the site's address, in model.data.site; and
    // what the images the content names are (their sizes and bytes): a page and every card of it show them, and
    // watch, which has no version of public/, would otherwise keep a page with an edited image's old size.
    const sharedKey = contentHash(
      JSON.stringify([
        version ?? code?.shared ?? '',
        model.data.site,
        shared.year,
        shared.stylesheet,
        shared.loader,
        shared.islandUrls,
        shared.base,
        shared.preview,
        unreleased(model),
        [...images.keys()].sort(),
      ]),
      20,
    );
    return (page) => {
      const inputs = page.showsPart ? page.inputs : `${plan.collectionsKey}:${page.inputs}`;
      return code ? `${sharedKey}:${code.of(page.madeBy)}:${inputs}` : `${sharedKey}:${inputs}`;
    };
  }

  /** The images of public/ the content names, by the hash naming their variants: what a variant is made from. */
  private imageSources(model: ContentModel): Map<string, ImageSourceFile> {
    const sources = new Map<string, ImageSourceFile>();
    for (const { ref } of imageReferences(model)) {
      const image = ref.url.startsWith('/') ? this.setup.workspace.images(ref.url) : undefined;
      if (image?.hash) sources.set(image.hash, { file: path.join(this.setup.paths.public, image.src.split(/[?#]/)[0]!), url: image.src, svg: !image.format });
    }
    return sources;
  }

  /**
   * Waits for every processed image the output names and adds them to it. A source sharp cannot
   * decode is an error at each line that names it.
   */
  async finishImages(model: ContentModel, output: RenderedOutput): Promise<ImageStats> {
    // Only pages name processed images, as their renders report them: the data files templates publish describe images, which islands show as the pages do.
    const { files, failures, stats } = await this.images.finish([...output.pages.values()].flatMap((page) => page.images));
    if (failures.size) {
      const problems = imageReferences(model)
        .filter(({ ref }) => failures.has(ref.url.split(/[?#]/)[0]!))
        .map(({ file, ref }) => diagnostic(file, ref, 'image/undecodable', `image "${ref.url}" cannot be decoded: ${failures.get(ref.url.split(/[?#]/)[0]!)}`));
      throw new ContentError(problems);
    }
    for (const [name, bytes] of files) output.add(name, bytes, 'image');
    return stats;
  }
}

/** The entries shown that are not live yet, with their release: lists may mark them, so a change of one renders every page again. */
const unreleased = (model: ContentModel) => model.entries.filter((e) => e.release.status !== 'published').map((e) => [e.doc.facts.file, e.release]);

/** Bodies of stale pages that the cache kept apart from their analyses; those it lost are analysed again (by `threads`) and cached. */
async function restoreBodies(read: ReadContent, cache: AnalysisCache | undefined, threads: MarkdownThreads, docs: AnalysedMarkdown[]): Promise<void> {
  if (!cache) return;
  const lost: AnalysedMarkdown[] = [];
  for (const doc of docs) if (!(doc.body ??= await cache.body(doc))) lost.push(doc);
  // A damaged cache file, or a build stopped between writing its two files.
  if (!lost.length) return;
  const byFile = new Map(read.sources.map((source) => [source.file, source]));
  const again = await threads.analyse(lost.map((doc) => byFile.get(doc.facts.file)!));
  again.forEach((fresh, i) => {
    lost[i]!.body = fresh.body;
    cache.set(fresh.facts.file, fresh);
  });
}
/** The files for search engines and feed readers, and each redirect's page with the record of them. */
function siteFiles(output: RenderedOutput, model: ContentModel, plan: SitePlan, base: string): void {
  output.add('sitemap.xml', sitemapXml(model.site, plan.sitemap), 'site-file');
  output.add('robots.txt', robotsTxt(model.site), 'site-file');
  if (plan.feed.length) output.add('feed.xml', atomFeed(model.site, plan.feed), 'site-file');
  const redirects = redirectsOf(model) ?? [];
  if (redirects.length) for (const [file, text] of redirectFiles(redirects, model.site, base)) output.add(file, text, 'redirect');
  output.redirects = redirects.length;
}
