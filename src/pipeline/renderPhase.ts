import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildYear, type Paths } from '../config.ts';
import { ContentError, diagnostic } from '../diagnostics.ts';
import { contentHash } from '../hash.ts';
import { ASSETS_DIR, WATCH_STYLESHEET } from '../hosting/policy.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { PlannedPage, SitePlan } from '../plan/plannedPages.ts';
import { RenderError, renderEach, renderPage, type RenderContext } from '../render/renderPage.tsx';
import type { SiteAddress } from '../routes/urls.ts';
import { imageReferences } from '../validate/crossChecks.ts';
import type { ContentModel } from '../validate/validateContent.ts';
import { redirectFiles } from '../write/redirectPages.ts';
import { atomFeed, robotsTxt, sitemapXml } from '../write/siteFiles.ts';
import type { Assets } from './cache/assetCache.ts';
import type { CachedPage } from './cache/pageIndex.ts';
import { ImageWork, type ImageSourceFile, type ImageStats } from './imageWork.ts';
import type { LoadedSite } from './loadDefinition.ts';
import { placePage, type MarkdownWorkspace, type PlacedPage, type SharedRender } from './markdownWork.tsx';
import type { PageCode } from './pageCode.ts';
import { redirectsOf, type ReadContent } from './phases.ts';
import type { StagedVersion } from '../write/outputStore.ts';
import { RenderedOutput, type PageOrigin } from './renderedOutput.ts';
import { PageStore } from './pageStore.ts';
import type { BuildProgress } from '../progress.ts';
import type { ImageCache } from './cache/imageCache.ts';

/** What rendering knows once it knows where each page comes from: the output so far, and the pages still to restore or render. */
export interface RenderWork {
  read: ReadContent;
  model: ContentModel;
  plan: SitePlan;
  output: RenderedOutput;
  shared: SharedRender;
  keyOf: (page: PlannedPage) => string;
  /** Each entry's analysis by its file. */
  docOf: ReadonlyMap<string, AnalysedMarkdown>;
  toRender: Set<PlannedPage>;
  fromCache: { job: PlannedPage; key: string; page: CachedPage }[];
  /** Pages are written as they are restored or rendered: the new version must be open before `render`. */
  needsVersion: boolean;
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
   * The first half of rendering: where each page comes from. Those kept in memory or linked from
   * the last output are in the output already; the work says which are restored from the page
   * cache and which are to render, and whether they need the new version open first (`needsVersion`).
   */
  async reuse(read: ReadContent, model: ContentModel, plan: SitePlan, assets: Assets, onProgress?: (progress: BuildProgress) => void): Promise<RenderWork> {
    const version = this.setup.version ? await this.setup.version : undefined;
    await this.pages.open();
    const output = new RenderedOutput((files) => this.pages.sameOutput(files), this.images, plan.yamlPages.length + plan.entryPages.length, onProgress);
    const shared = await this.assetFiles(output, model, plan, assets);
    const images = this.imageSources(model);
    const keyOf = await this.keys(model, plan, shared, version, images);
    // The images each page names are made while the others render; reused pages name theirs from the page index.
    this.images.begin(images);
    // An entry page's analysis, found by its file: its body is rendered into the page.
    const docOf = new Map(model.entries.map(({ doc }) => [doc.facts.file, doc]));
    const { toRender, fromCache } = this.sources(output, [...plan.entryPages, ...plan.yamlPages], keyOf);
    // Worker threads write the pages they render; so does this thread when no later build keeps them in memory (all but watch), and the page cache.
    const needsVersion = read.pool !== undefined || (this.setup.writesAsItRenders && toRender.size > 0) || fromCache.length > 0;
    return { read, model, plan, output, shared, keyOf, docOf, toRender, fromCache, needsVersion };
  }

  /**
   * The second half: entry pages render where their bodies are (on worker threads for large
   * sites, which write them into `version` themselves) while this thread renders the YAML pages;
   * with a version open, every page goes straight into it.
   */
  async render(work: RenderWork, version: StagedVersion | undefined): Promise<RenderedOutput> {
    const { read, model, plan, output, shared, keyOf, docOf, toRender, fromCache } = work;
    const { address } = this.setup;
    version?.createFolders([...[...toRender, ...fromCache.map((c) => c.job)].map((p) => p.outputPath), ...plan.yamlPages.map((p) => p.outputPath)]);
    // A page whose blob the cache lost is rendered after all.
    for (const { job, key, page } of fromCache) {
      const restored = this.pages.restore(page, job.outputPath, key, version!.dir);
      if (restored) this.keep(output, job, key, restored, 0, 'cache');
      else toRender.add(job);
    }
    const stale = plan.entryPages.filter((page) => toRender.has(page));
    await restoreBodies(
      read,
      stale.map((page) => docOf.get(page.entry.file)!),
    );
    const rendering = read.markdown.render(
      stale.map((page) => ({ page, body: docOf.get(page.entry.file)!.body })),
      shared,
      version?.dir,
    );
    rendering.catch(() => undefined);

    const { definition, names } = await this.setup.site();
    const context: RenderContext = {
      site: model.site,
      base: address.base,
      data: model.data,
      year: shared.year,
      preview: shared.preview,
      stylesheet: shared.stylesheet,
      loader: shared.loader,
      islandNames: names,
      islandUrls: new Map(shared.islandUrls),
      images: this.setup.workspace.images,
      Layout: definition.Layout,
      title: definition.title,
    };
    try {
      renderEach(
        plan.yamlPages.filter((job) => toRender.has(job)),
        (job) => {
          const t0 = performance.now();
          const page = renderPage(job, context);
          // With the version open (worker threads, or a build that keeps no pages), this thread's pages
          // go straight into it too instead of waiting in memory for the write (1,340 list pages at 4,000 articles).
          this.keep(output, job, keyOf(job), placePage(job.outputPath, page, version?.dir), performance.now() - t0, 'render');
        },
      );
    } catch (error) {
      // The entry pages' failures counted too: a fault in the layout fails every page of the site.
      const entries = await rendering.then(
        () => 0,
        (fault: unknown) => (fault instanceof RenderError ? 1 + fault.others : 0),
      );
      throw error instanceof RenderError && entries ? new RenderError(error.job, error.cause, error.others + entries) : error;
    }

    const pages = await rendering;
    // The workers' heaps are not needed for writing: give their memory back first.
    await read.pool?.close();
    // Each page answered under its output path, whatever thread rendered it and in whatever order.
    const planned = new Map(stale.map((page) => [page.outputPath, page]));
    for (const page of pages) {
      const job = planned.get(page.outputPath)!;
      this.keep(output, job, keyOf(job), page, page.ms, 'render');
    }

    this.pages.only(new Set(output.pages.keys()));
    siteFiles(output, model, plan, address.base);
    return output;
  }

  /**
   * Where each page comes from (the page store's `source`): those kept in memory or linked from
   * the last output go into the output at once; those the page cache has are listed to be
   * restored; the rest are to render.
   */
  private sources(
    output: RenderedOutput,
    jobs: PlannedPage[],
    keyOf: (page: PlannedPage) => string,
  ): { toRender: Set<PlannedPage>; fromCache: { job: PlannedPage; key: string; page: CachedPage }[] } {
    const toRender = new Set<PlannedPage>();
    const fromCache: { job: PlannedPage; key: string; page: CachedPage }[] = [];
    for (const job of jobs) {
      const key = keyOf(job);
      const source = this.pages.source(job.outputPath, key);
      if (source.from === 'memory') this.keep(output, job, key, source.page, 0, 'memory');
      if (source.from === 'output') output.link(job, key, source.page);
      if (source.from === 'cache') fromCache.push({ job, key, page: source.page });
      if (source.from === 'render') toRender.add(job);
    }
    return { toRender, fromCache };
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

  /** A page rendered now or kept in memory: into the output, and into memory for the next build unless it was written as rendered. */
  private keep(output: RenderedOutput, page: PlannedPage, key: string, rendered: PlacedPage, ms: number, from: Exclude<PageOrigin, 'output'>): void {
    this.pages.keep(page.outputPath, key, rendered);
    output.keep(page, key, rendered, ms, from);
  }

  /** The stylesheet (under the base), the island bundles and the plan's data files into the output; what every entry page shares. */
  private async assetFiles(output: RenderedOutput, model: ContentModel, plan: SitePlan, { stylesheet: built, bundle }: Assets): Promise<SharedRender> {
    const { base } = this.setup.address;
    // The CSS parser is loaded only for a build under a base.
    const placed = base ? (await import('../bundle/stylesheetUrls.ts')).stylesheetUnder(built, base) : built;
    const stylesheet = this.setup.unhashedStylesheet ? { ...placed, fileName: WATCH_STYLESHEET } : placed;
    const stylesheetUrl = `/${ASSETS_DIR}/${stylesheet.fileName}`;
    output.add(stylesheetUrl.slice(1), stylesheet.css, 'stylesheet');
    for (const [file, data] of bundle.files) output.add(file, data, 'script');
    for (const [file, data] of plan.files) output.add(file, data, 'data');
    return {
      site: model.site,
      base,
      year: buildYear(),
      preview: model.drafts,
      stylesheet: stylesheetUrl,
      loader: bundle.loader,
      islandUrls: [...bundle.islands],
      collections: plan.collections,
    };
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

/** Bodies of stale pages that the cache kept apart from their analyses; those it lost are analysed again. */
async function restoreBodies(read: ReadContent, docs: AnalysedMarkdown[]): Promise<void> {
  const { cache } = read;
  if (!cache) return;
  const lost: AnalysedMarkdown[] = [];
  for (const doc of docs) if (!(doc.body ??= await cache.body(doc))) lost.push(doc);
  // A damaged cache file, or a build stopped between writing its two files.
  if (!lost.length) return;
  const byFile = new Map(read.sources.map((source) => [source.file, source]));
  const again = await read.markdown.analyse(lost.map((doc) => byFile.get(doc.facts.file)!));
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
