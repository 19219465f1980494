import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildDay, buildYear, thresholdFromEnvironment, type Paths } from '../config.ts';
import path from 'node:path';
import { ContentError, diagnostic, isError, type Diagnostic } from '../diagnostics.ts';
import { contentHash } from '../hash.ts';
import type { BuildProgress } from '../progress.ts';
import { outputMode, outputUnreleased, sameMode, type BuildMode, type UnreleasedPages } from '../hosting/buildMode.ts';
import { ASSETS_DIR, WATCH_STYLESHEET } from '../hosting/policy.ts';
import { RASTER_EXTENSION } from '../load/imageSizes.ts';
import { publicFiles, type PublicFile } from '../load/publicFiles.ts';
import { KeptReads, listMarkdown, readMarkdownFiles, readYamlContent, withMarkdown, type MarkdownFile, type RawContent } from '../load/content.ts';
import { outdatedSchemas } from '../load/schemaFiles.ts';
import { unreadFiles } from '../load/unreadFiles.ts';
import { KeptDocuments } from '../yaml/yamlSource.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { SiteDefinition } from '../model.ts';
import { planSite, type PlannedPage, type SitePlan } from '../plan/pagePlan.tsx';
import { fileRoutes } from '../plan/routes.ts';
import { renderPage } from '../render/renderPage.tsx';
import { placeSite, type SiteAddress } from '../routes/urls.ts';
import type { Redirect, Redirects } from '../schemas/redirects.ts';
import { checkDistinctTitles, checkReferences, imageReferences } from '../validate/crossChecks.ts';
import { checkPublic } from '../validate/publicFiles.ts';
import { checkRedirects, siteFileTest } from '../validate/redirects.ts';
import { validateContent, type ContentModel, type ReleaseOptions } from '../validate/validateContent.ts';
import { outputRefusal } from '../write/outputGuard.ts';
import { redirectFiles } from '../write/redirectPages.ts';
import { OutputStore, updateInPlace, type StagedVersion } from '../write/outputStore.ts';
import { alreadyWritten, sameContent } from '../write/sameFiles.ts';
import { atomFeed, robotsTxt, sitemapXml } from '../write/siteFiles.ts';
import { acquireBuildLock, type LockHolder } from './buildLock.ts';
import { AnalysisCache } from './cache/analysisCache.ts';
import { buildAssets, cachedAssets, type Assets } from './cache/assetCache.ts';
import { removeDeadWorkingFiles } from './cache/cacheFile.ts';
import { codeVersion } from './cache/codeVersion.ts';
import { ImageCache } from './cache/imageCache.ts';
import { OutputManifest } from './cache/outputManifest.ts';
import { imagesNamedIn, ImageWork, type ImageSourceFile, type ImageStats } from './imageWork.ts';
import { loadSite, type LoadedSite } from './loadDefinition.ts';
import { MarkdownWorkspace, placePage, type MarkdownWorker, type PlacedPage, type SharedRender } from './markdownWork.tsx';
import { pageCode, type PageCode } from './pageCode.ts';
import { MarkdownPool } from './workers/pool.ts';

export interface PageTiming {
  route: string;
  ms: number;
  bytes: number;
  islands: string[];
  cached: boolean;
}

export interface BuildResult {
  pages: number;
  /** Pages rendered in this build (the others came unchanged from the cache). */
  rendered: number;
  /** Redirects of content/redirects.yaml, each a page at its old address (not counted in `pages` or `assets`). */
  redirects: number;
  assets: number;
  bytes: number;
  ms: number;
  timings: PageTiming[];
  /** Every file the build generated, relative to the output folder (public/ is copied besides). */
  files: Map<string, string | Uint8Array>;
  /** When each step of the build finished, in ms from its start (assets are built alongside). */
  steps: BuildStep[];
  /** What the build repaired before it started: dropped cache files, leftovers of stopped builds. */
  notes: string[];
  /** Problems that did not stop the build, shown to the editor all the same. */
  warnings: Diagnostic[];
  /** Processed images: made with sharp in this build, or taken from the cache. */
  images: ImageStats;
}

export interface BuildStep {
  step: string;
  at: number;
}

export interface BuildOptions {
  check?: boolean;
  /** Show drafts and entries scheduled for a later day, marked and kept from search engines (watch, `build --drafts`). */
  drafts?: boolean;
  /** Each phase as it starts, and the pages rendered so far. */
  onProgress?: (progress: BuildProgress) => void;
  /** Another build of the project holds the lock: this one waits for it. */
  onWait?: (holder: LockHolder) => void;
}

export interface BuilderOptions {
  /** Keep analyses and an output manifest in .sitegen-cache/ so the next build redoes only what changed. */
  persistent?: boolean;
  /** Keep processed images in .sitegen-cache/images/ (their names hash their source): on with `persistent`. */
  cacheImages?: boolean;
  /**
   * Name the stylesheet site.css, not by its content (watch): a stylesheet edit then writes the CSS
   * and renders no page again, since no page's HTML changes.
   */
  unhashedStylesheet?: boolean;
  /**
   * Key each page by the code that renders it, not by all the code (watch): a builder that adopts
   * another's work after a template edit renders again only that template's pages, and analyses
   * markdown again only when code every analysis runs changed.
   */
  pageCode?: boolean;
  /**
   * The output is a scratch preview (watch's, built again whenever it starts): new versions are
   * switched in without waiting for the disk (a power cut may leave one the disk did not fully
   * receive), and a build of the same kind after this builder's last one updates that version in
   * place, each changed file by one rename, instead of making a new one.
   */
  scratchOutput?: boolean;
  /**
   * The builder is told of every change in public/ (`publicChanged`, from watch): public/ is then
   * walked and checked once until it changes, not at every build.
   */
  toldOfPublicChanges?: boolean;
  /** Markdown files from which analysis and rendering move to worker threads (Infinity: never). */
  workerThreshold?: number;
  /** Where the site is published: under a base path (a preview), at another site URL. Default: site.yaml's URL, at its root. */
  address?: SiteAddress;
}

/** The redirects of content/redirects.yaml, when the site declares the file and has it. */
const redirectsOf = (model: ContentModel): readonly Redirect[] | undefined => (model.data.redirects as Redirects | undefined)?.redirects;

/** The entries shown that are not live yet, with their release: lists may mark them, so a change of one renders every page again. */
const unreleased = (model: ContentModel) => model.entries.filter((e) => e.release.status !== 'published').map((e) => [e.doc.facts.file, e.release]);

/**
 * Builds the site: load → validate → render → write. It keeps what it can between builds
 * (watch): a markdown file whose text has not changed is not analysed again, and a page whose
 * inputs hash the same is not rendered again. Large sites spread markdown work over worker threads.
 */
export class Builder {
  private site: Promise<LoadedSite>;
  private assets?: Promise<Assets>;
  private readonly workspace: MarkdownWorkspace;
  private readonly rendered = new Map<string, PlacedPage & { key: string; html: string }>();
  private readonly images: ImageWork;
  /** The YAML files' parses, for the next build (watch): a file read again with the same text is not parsed again. */
  private readonly yamlDocuments = new KeptDocuments();
  /** The markdown files as read, for the next build (watch): a file whose stat is unchanged is not read again. */
  private readonly markdownReads = new KeptReads();

  private readonly code?: Promise<{ version: string; save: () => Promise<void> }>;
  private readonly version?: Promise<string>;
  private readonly workerThreshold: number;
  private readonly address: SiteAddress;
  private readonly unhashedStylesheet: boolean;
  private readonly scratchOutput: boolean;
  private readonly toldOfPublicChanges: boolean;
  /** public/ as walked and checked: what it publishes, and its problems. */
  private publicState?: { files: PublicFile[]; diagnostics: Diagnostic[] };
  private pageCode?: Promise<PageCode>;
  /** The code the workspace's analyses were made with (PageCode.shared), with `pageCode`. */
  private analysedWith?: string;
  /**
   * Entry pages go straight into the new version as they are rendered, not kept for the next
   * build (which reads the cache on disk); a build that renders only YAML pages keeps its few in
   * memory, and leaves the output as it is when they come out the same.
   */
  private readonly writesAsItRenders: boolean;
  /** The version this builder wrote last and its generated files: the next build links the ones that did not change. */
  private last?: { dir: string; files: Map<string, string | Uint8Array> };
  private readonly notes: string[] = [];
  private readonly note = (line: string) => this.notes.push(line);
  /** What the last build left to do once its site was shown: remove older versions, then give up the lock. */
  private cleanup: Promise<void> = Promise.resolve();
  /** Set by a build that showed a new version: removes the versions it replaced. */
  private retireOlder?: () => Promise<void>;
  /** What a cleanup could not do: said with the next build's notes. */
  private readonly unsaid: string[] = [];

  constructor(
    readonly paths: Paths,
    options: BuilderOptions = {},
  ) {
    this.site = loadSite(paths.templates);
    this.site.catch(() => undefined);
    this.address = options.address ?? { base: '' };
    this.workspace = new MarkdownWorkspace(paths, () => this.site, this.address.base);
    if (options.persistent) {
      this.code = codeVersion(paths.root, paths.public, paths.cache, this.note);
      this.version = this.code.then((code) => code.version);
    }
    this.images = new ImageWork(options.persistent || options.cacheImages ? new ImageCache(paths.cache, this.note) : undefined);
    this.workerThreshold = options.workerThreshold ?? thresholdFromEnvironment();
    this.writesAsItRenders = Boolean(options.persistent);
    this.unhashedStylesheet = Boolean(options.unhashedStylesheet);
    this.scratchOutput = Boolean(options.scratchOutput);
    this.toldOfPublicChanges = Boolean(options.toldOfPublicChanges);
    if (options.pageCode) this.pageCode = this.codeOfPages();
  }

  /** What this builder made that another may use (watch's next worker, after a code change): see `adopt`. */
  handover(): Adopted | undefined {
    if (!this.pageCode) return undefined;
    return { code: this.analysedWith, analyses: this.workspace.analyses(), rendered: [...this.rendered], last: this.last };
  }

  /**
   * Takes over what an earlier builder of the same project made: its pages (each is used only if
   * its key, which names the code that rendered it, is this builder's too), its analyses (used
   * only if the code every analysis runs is this builder's too), and the version it wrote last.
   */
  adopt(work: Adopted): void {
    if (!this.pageCode) return;
    if (work.code !== undefined) {
      this.workspace.adopt(work.analyses);
      this.analysedWith = work.code;
    }
    for (const [route, page] of work.rendered) this.rendered.set(route, page);
    this.last = work.last;
  }

  /**
   * Loads the templates again (a watch worker, after they were compiled again): the stylesheet
   * and the island bundles are made again, pages are rendered again where their template's code
   * changed, and markdown is analysed again if the code every analysis runs changed.
   */
  templatesChanged(): void {
    this.site = loadSite(this.paths.templates);
    this.site.catch(() => undefined);
    this.assets = undefined;
    if (this.pageCode) this.pageCode = this.codeOfPages();
  }

  private codeOfPages(): Promise<PageCode> {
    const code = this.site.then(({ definition }) => pageCode(this.paths.root, definition));
    code.catch(() => undefined);
    return code;
  }

  /** Forget image sizes and analysed markdown, and copy public/ afresh (after a change in public/). */
  publicChanged(): void {
    this.workspace.publicChanged();
    this.last = undefined;
    this.publicState = undefined;
  }

  /** public/ walked and checked once per build, or once until it changes when the builder is told of its changes. */
  private publicContent(): { files: PublicFile[]; diagnostics: Diagnostic[] } {
    if (this.publicState) return this.publicState;
    const walked = publicFiles(this.paths.public, this.paths.root);
    return (this.publicState = { files: walked.files, diagnostics: checkPublic(this.paths.public, walked) });
  }

  /** Starts compiling the stylesheet and the island bundles before the first build asks for them (a new watch worker, while it waits for the old one). */
  prepareAssets(): void {
    this.loadAssets().catch(() => undefined);
  }

  /** Compile the stylesheet again at the next build (after a change in templates/*.css); the island bundles stay. */
  stylesChanged(): void {
    const previous = this.assets;
    if (!previous) return;
    const next = Promise.all([previous, import('../bundle/styles.ts')]).then(async ([assets, { buildStylesheet }]) => ({ ...assets, stylesheet: await buildStylesheet(this.paths.templates) }));
    this.assets = next;
    // A stylesheet that fails now is tried again at the next build.
    next.catch(() => this.assets === next && (this.assets = undefined));
  }

  /**
   * A new version of the output with public/ in it. When the output shows the version this
   * builder wrote last (watch), public/ is linked from it and `last` lists the files it wrote.
   */
  private async openVersion(store: OutputStore): Promise<{ staged: StagedVersion; last?: Map<string, string | Uint8Array> }> {
    const staged = await store.open();
    const last = this.last && this.last.dir === staged.previous ? this.last.files : undefined;
    try {
      // Raster images are published only as the pipeline makes them: never with their metadata, never at 4 MB.
      await staged.addPublic(this.publicContent().files, last !== undefined, (file) => RASTER_EXTENSION.test(file));
    } catch (error) {
      await staged.discard();
      throw error;
    }
    return { staged, last };
  }

  private loadAssets() {
    const build = () => buildAssets(this.paths.templates, this.paths.root);
    this.assets ??= this.version ? this.version.then((version) => cachedAssets(this.paths.cache, version, build, this.note)) : build();
    return this.assets;
  }

  /**
   * One build. Unless it only checks, it first makes sure the output folder is one it may
   * replace (refusing before anything is written), waits for any other build of the project,
   * and repairs what stopped builds left. It answers as soon as the new site is shown; removing
   * the versions it replaced goes on under the lock (watch reloads the browser meanwhile), and
   * the next build and `idle` wait for it.
   */
  build(options: BuildOptions = {}): Promise<BuildResult> {
    if (options.check) return this.run(options);
    const refusal = outputRefusal(this.paths);
    if (refusal) return Promise.reject(refusal);
    let answer!: { resolve: (result: BuildResult) => void; reject: (error: unknown) => void };
    const result = new Promise<BuildResult>((resolve, reject) => (answer = { resolve, reject }));
    // From now on `idle` covers this build: while it runs, and its cleanup after its answer.
    this.cleanup = this.buildThenTidy(options, this.cleanup, answer);
    return result;
  }

  /** Builds after `before` (the last build's cleanup), answers, then tidies. Never rejects: the answer carries the failure. */
  private async buildThenTidy(options: BuildOptions, before: Promise<void>, answer: { resolve: (result: BuildResult) => void; reject: (error: unknown) => void }): Promise<void> {
    await before;
    let release: (() => Promise<void>) | undefined;
    try {
      release = await acquireBuildLock(this.paths.cache, (holder) => options.onWait?.(holder));
      const store = new OutputStore(this.paths.out);
      const [repaired, working] = await Promise.all([store.recover(), removeDeadWorkingFiles(this.paths.cache)]);
      this.notes.push(...this.unsaid.splice(0), ...repaired);
      if (working) this.note(`cache: removed ${working} unfinished ${working === 1 ? 'file' : 'files'} left by builds that were stopped`);
      answer.resolve(await this.run(options, store));
    } catch (error) {
      answer.reject(error);
    } finally {
      this.notes.length = 0;
      await this.tidy(release);
    }
  }

  /** The work a build leaves until after its answer: what it could not do, the next build does, and says. */
  private async tidy(release: (() => Promise<void>) | undefined): Promise<void> {
    const retire = this.retireOlder;
    this.retireOlder = undefined;
    try {
      await retire?.();
    } catch (error) {
      this.unsaid.push(`output: an old version could not be removed yet (${(error as Error).message}); the next build removes it`);
    } finally {
      // A lock already gone (its folder removed) is no lock to give up.
      await release?.().catch(() => undefined);
    }
  }

  /** Resolves once the builds started so far have finished, cleanup included (the CLI waits for it before it exits, a watch thread before it stops). */
  idle(): Promise<void> {
    return this.cleanup;
  }

  /** What the cleanup after the last build could not do, taken to be said now (the CLI, which builds once). */
  takeUnsaid(): string[] {
    return this.unsaid.splice(0);
  }

  private async run(options: BuildOptions, store?: OutputStore): Promise<BuildResult> {
    const started = performance.now();
    const steps: BuildStep[] = [];
    const mark = (step: string) => steps.push({ step, at: performance.now() - started });
    // `check` validates only: the stylesheet and island bundles are not needed.
    const assets = options.check ? undefined : this.loadAssets();
    assets?.catch(() => undefined);
    const mode: BuildMode = { drafts: Boolean(options.drafts), base: this.address.base, siteUrl: this.address.siteUrl ?? null };
    const session: Session = { pool: undefined, staged: undefined, lastFiles: undefined, mode, unreleased: {} };
    if (!this.toldOfPublicChanges) this.publicState = undefined;
    const progress = (phase: BuildProgress['phase'], total?: number) => options.onProgress?.({ phase, done: total === undefined ? undefined : 0, total });
    try {
      progress('reading');
      const read = await this.read(session, options.check);
      mark('content read');
      if (read.missing.length) progress('analysing', read.missing.length);
      const analysed = await this.analyse(read);
      mark(`${read.missing.length} markdown files analysed`);
      progress('validating');
      const validated = this.validate(read, analysed, { today: buildDay(), drafts: Boolean(options.drafts) });
      const { model, plan, warnings, unreleased } = this.plan(read, validated);
      session.unreleased = unreleased;
      mark('content validated');
      if (!assets || !store) return { pages: 0, rendered: 0, redirects: 0, assets: 0, bytes: 0, ms: performance.now() - started, timings: [], files: new Map(), steps, notes: [...this.notes], warnings, images: { processed: 0, cached: 0 } };
      const ready = await assets;
      mark('assets ready');
      progress('rendering', plan.yamlPages.length + plan.entryPages.length);
      const output = await this.render(session, read, model, plan, ready, store, options);
      mark('pages rendered');
      progress('images');
      const images = await this.finishImages(model, output);
      mark(`images ready (${images.processed} made, ${images.cached} from the cache)`);
      progress('writing');
      await this.write(session, output, store);
      mark('output written');
      await read.cache?.save();
      await (await this.code)?.save();
      mark('cache saved');
      const { files, pageKeys, pageProps, timings, redirects } = output;
      const pageBytes = timings.reduce((n, t) => n + t.bytes, 0);
      const others = [...files].filter(([file]) => !pageKeys.has(file));
      // Shared props files linked unchanged from the last output were written too, by a link: they count as any other file.
      const linkedOthers = [...new Set([...pageProps.values()].flat())].filter((file) => !files.has(file));
      const bytes = others.reduce((n, [, d]) => n + (typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength), pageBytes) + linkedOthers.reduce((n, file) => n + statSync(path.join(this.paths.out, file)).size, 0);
      const assetCount = others.filter(([file]) => !redirects.files.has(file)).length + linkedOthers.length;
      return { pages: timings.length, rendered: timings.filter((t) => !t.cached).length, redirects: redirects.count, assets: assetCount, bytes, ms: performance.now() - started, timings, files, steps, notes: [...this.notes], warnings, images };
    } finally {
      await session.pool?.close();
      // A build that failed after its version was opened leaves no partial site behind.
      await session.staged?.discard();
      // Nor anything still running: the stylesheet and bundles of a build stopped by a content error would go on writing their cache.
      await assets?.catch(() => undefined);
    }
  }

  /**
   * Read: the content folder's YAML parsed, its markdown files listed and read, and which of
   * them the cache has analysed already. Worker threads for large sites start as early as
   * possible (loading their code takes a while). `check` also compares the committed editor
   * schemas with the definition (a build leaves them to `check`: they change nothing it writes).
   */
  private async read(session: Session, check = false): Promise<ReadContent> {
    const [{ definition }, cache, code] = await Promise.all([this.site, this.version?.then((version) => AnalysisCache.load(this.paths.cache, version, this.note, this.address.base)), this.pageCode]);
    // Analyses kept from code that analyses differently are made again.
    if (code && this.analysedWith !== code.shared) {
      if (this.analysedWith !== undefined) this.workspace.forgetAnalyses();
      this.analysedWith = code.shared;
    }
    const list = await listMarkdown(this.paths.content, definition);
    this.startPool(session, list.markdown.filter((m) => !cache?.has(m.file)).length);
    const sources = readMarkdownFiles(list.markdown, this.markdownReads);
    const known = sources.map((m) => cache?.get(m.file, m.hash));
    const missing = sources.filter((_, i) => !known[i]);
    this.startPool(session, missing.length);
    const markdown = session.pool ?? this.workspace;
    const analysing = markdown.analyse(missing);
    analysing.catch(() => undefined);
    const [yaml, unread, schemas] = await Promise.all([readYamlContent(this.paths.content, definition, this.yamlDocuments), unreadFiles(this.paths.content, definition), check ? outdatedSchemas(this.paths, definition) : []]);
    const raw = withMarkdown(yaml, list);
    raw.diagnostics.push(...unread, ...schemas);
    return { definition, raw, sources, known, missing, analysing, markdown, cache };
  }

  private startPool(session: Session, files: number): void {
    const workers = Math.min(availableParallelism(), 4);
    if (!session.pool && files >= this.workerThreshold && workers > 1) session.pool = new MarkdownPool(this.paths, workers, files, this.address.base);
  }

  /** Analyse: every markdown file's facts and pre-rendered body, from the cache or analysed now. */
  private async analyse(read: ReadContent): Promise<AnalysedMarkdown[]> {
    const fresh = await read.analysing;
    for (const [i, doc] of fresh.entries()) read.cache?.set(read.missing[i]!.file, doc);
    return read.known.map((doc) => doc ?? fresh.shift()!);
  }

  /** Validate: every file against its schema, and public/'s links; the model of the valid files. */
  private validate(read: ReadContent, analysed: AnalysedMarkdown[], release: ReleaseOptions): { model?: ContentModel; diagnostics: Diagnostic[] } {
    const { model, diagnostics } = validateContent(read.raw, analysed, read.definition, release);
    return { model, diagnostics: [...diagnostics, ...this.publicContent().diagnostics] };
  }

  /**
   * Plan: the valid content → every page of the site, then the checks across files against the
   * plan's routes. Any error stops the build here; what is left are warnings.
   */
  private plan(read: ReadContent, { model, diagnostics }: { model?: ContentModel; diagnostics: Diagnostic[] }): { model: ContentModel; plan: SitePlan; warnings: Diagnostic[]; unreleased: UnreleasedPages } {
    const { definition, raw } = read;
    const all = [...diagnostics];
    // Pages, their heads, the sitemap and the feed see the site at the address it is published at.
    if (model) model = { ...model, site: placeSite(model.site, this.address), data: { ...model.data, site: placeSite(model.site, this.address) } };
    const owned = fileRoutes(raw, definition);
    all.push(...owned.diagnostics);
    const plan = model && planSite(model, definition);
    if (model && plan) {
      // A file's own route, and the further pages of its template (the blog's numbered and category pages).
      const routes = new Map([...plan.routes, ...owned.routes]);
      const routeOf = new Map([...owned.routes].map(([route, file]) => [file, route]));
      const redirects = redirectsOf(model);
      const source = raw.data.redirects;
      // An old address that a page still has is an error of redirects.yaml, not a redirect links should follow.
      const redirected = new Map(redirects?.filter((r) => !routes.has(r.from)).map((r): [string, string] => [r.from, r.to]));
      all.push(...checkReferences(model, routes, (file) => routeOf.get(file), this.paths.public, redirected), ...checkDistinctTitles(model));
      if (redirects && source) all.push(...checkRedirects(redirects, source, { routes, published: new Set(plan.routes.keys()), isFile: siteFileTest(this.paths.public, plan.files.keys()), invalid: new Set(all.filter(isError).map((d) => d.file)) }));
    }
    // What is left once no error stopped the build are warnings: shown, and the site is built.
    if (all.some(isError) || !model || !plan) throw new ContentError(all);
    return { model, plan, warnings: all, unreleased: unreleasedPages(model, owned.routes) };
  }

  /**
   * Render: every page of the plan whose inputs changed since it was last rendered (in this
   * builder, or in the output the manifest describes); the others are kept or linked. Entry
   * pages render where their bodies are (on worker threads for large sites, which write them
   * into the new version themselves) while this thread renders the YAML pages.
   */
  private async render(session: Session, read: ReadContent, model: ContentModel, plan: SitePlan, assets: Assets, store: OutputStore, options: BuildOptions): Promise<RenderedOutput> {
    const { definition, names } = await this.site;
    const { base } = this.address;
    const { bundle } = assets;
    // The CSS parser is loaded only for a build under a base.
    const placed = base ? (await import('../bundle/stylesheetUrls.ts')).stylesheetUnder(assets.stylesheet, base) : assets.stylesheet;
    const stylesheet = this.unhashedStylesheet ? { ...placed, fileName: WATCH_STYLESHEET } : placed;
    const files = new Map<string, string | Uint8Array>();
    const stylesheetUrl = `/${ASSETS_DIR}/${stylesheet.fileName}`;
    files.set(stylesheetUrl.slice(1), stylesheet.css);
    for (const [file, data] of bundle.files) files.set(file, data);
    for (const [file, data] of plan.files) files.set(file, data);
    const shared: SharedRender = { site: model.site, base, year: buildYear(), today: model.today, preview: model.drafts, stylesheet: stylesheetUrl, loader: bundle.loader, islandUrls: [...bundle.islands], collections: plan.collections };
    // Everything a page can see besides its own inputs: when this changes, every page renders again.
    // The base is part of it (every URL of a page is under it); so is the site's address, in model.data.site.
    const code = await this.pageCode;
    const version = this.version ? await this.version : (code?.shared ?? '');
    const sharedKey = contentHash(JSON.stringify([version, model.data.site, shared.year, stylesheetUrl, bundle.loader, shared.islandUrls, plan.collections, base, shared.preview, unreleased(model)]), 20);
    const keyOf = (page: PlannedPage) => (code ? `${sharedKey}:${code.of(page.madeBy)}:${page.inputs}` : `${sharedKey}:${page.inputs}`);

    const timings: PageTiming[] = [];
    const total = plan.yamlPages.length + plan.entryPages.length;
    const pageKeys = new Map<string, string>();
    // The images each page names are made while the others render; reused pages name theirs from the manifest.
    this.images.begin(this.imageSources(model));
    const pageImages = new Map<string, string[]>();
    const pageProps = new Map<string, string[]>();
    const named = (outputPath: string, images: string[], props: string[]) => {
      pageImages.set(outputPath, images);
      pageProps.set(outputPath, props);
      this.images.want(images);
    };
    for (const [, data] of plan.files) this.images.want(imagesNamedIn(data));
    const keep = (page: PlannedPage, rendered: PlacedPage, ms: number, cached: boolean) => {
      const { html, images, props, propsFiles } = rendered;
      for (const [file, json] of propsFiles) files.set(file, json);
      if (html === undefined) this.rendered.delete(page.route);
      else {
        this.rendered.set(page.route, { ...rendered, key: keyOf(page), html });
        files.set(page.outputPath, html);
      }
      named(page.outputPath, images, props);
      pageKeys.set(page.outputPath, keyOf(page));
      timings.push({ route: page.route, ms, bytes: rendered.bytes, islands: rendered.islands, cached });
      options.onProgress?.({ phase: 'rendering', done: timings.length, total });
    };

    const manifest = this.version ? await OutputManifest.load(this.paths.cache, this.paths.out, version, this.note) : undefined;
    const linked = new Map<string, string>();
    // A props file is named by its content (its key is its path), and checked once however many pages name it.
    const propsChecks = new Map<string, boolean>();
    const propsReusable = (found: OutputManifest, file: string) => {
      if (!propsChecks.has(file)) propsChecks.set(file, found.reusable(this.paths.out, file, file) !== undefined);
      return propsChecks.get(file)!;
    };
    const reuse = (page: PlannedPage, islands: string[]) => {
      const reusable = manifest?.reusable(this.paths.out, page.outputPath, keyOf(page));
      if (!manifest || reusable === undefined || !reusable.props.every((file) => propsReusable(manifest, file))) return false;
      linked.set(page.outputPath, keyOf(page));
      for (const file of reusable.props) linked.set(file, file);
      named(page.outputPath, reusable.images, reusable.props);
      timings.push({ route: page.route, ms: 0, bytes: reusable.size, islands, cached: true });
      options.onProgress?.({ phase: 'rendering', done: timings.length, total });
      return true;
    };

    const entries = model.entries.map((entry, i) => ({ entry, page: plan.entryPages[i]! }));
    const reused = entries.map(({ entry, page }) => {
      const hit = this.rendered.get(page.route);
      if (hit?.key === keyOf(page)) {
        keep(page, hit, 0, true);
        return true;
      }
      return reuse(page, entry.doc.body?.islands ?? []);
    });
    const stale = entries.filter((_, i) => !reused[i]);
    await this.restoreBodies(read, stale.map((s) => s.entry.doc));
    // Worker threads write the pages they render; so does this thread when no later build keeps them in memory (all but watch).
    if (session.pool || (this.writesAsItRenders && stale.length)) {
      ({ staged: session.staged, last: session.lastFiles } = await this.openVersion(store));
      session.staged.createFolders([...stale.map((s) => s.page.outputPath), ...plan.yamlPages.map((p) => p.outputPath)]);
    }
    const rendering = read.markdown.render(stale.map((s) => s.entry.doc), shared, session.staged?.dir);
    rendering.catch(() => undefined);

    const context = { site: model.site, base, data: model.data, year: shared.year, stylesheet: stylesheetUrl, loader: bundle.loader, islandNames: names, islandUrls: bundle.islands, images: this.workspace.images, Layout: definition.Layout };
    for (const job of plan.yamlPages) {
      const hit = this.rendered.get(job.route);
      if (hit?.key === keyOf(job)) keep(job, hit, 0, true);
      else if (!reuse(job, [])) {
        const t0 = performance.now();
        const page = renderPage(job, context);
        // With the version open (worker threads, or a build that keeps no pages), this thread's pages
        // go straight into it too instead of waiting in memory for the write (1,340 list pages at 4,000 articles).
        keep(job, placePage(job.outputPath, page, session.staged?.dir), performance.now() - t0, false);
      }
    }

    const pages = await rendering;
    // The workers' heaps are not needed for writing: give their memory back first.
    await session.pool?.close();
    pages.forEach((page, i) => keep(stale[i]!.page, page, page.ms, false));

    // A props file rendered again is written, not linked.
    for (const file of files.keys()) linked.delete(file);
    const built = new Set(timings.map((t) => t.route));
    for (const route of this.rendered.keys()) if (!built.has(route)) this.rendered.delete(route);

    files.set('sitemap.xml', sitemapXml(model.site, plan.sitemap));
    files.set('robots.txt', robotsTxt(model.site));
    if (plan.feed.length) files.set('feed.xml', atomFeed(model.site, plan.feed));
    const redirects = redirectsOf(model) ?? [];
    const redirected = redirects.length ? redirectFiles(redirects, model.site, base) : new Map<string, string>();
    for (const [file, text] of redirected) files.set(file, text);
    return { files, pageKeys, linked, timings, manifest, pageImages, pageProps, redirects: { count: redirects.length, files: new Set(redirected.keys()) } };
  }

  /** The images of public/ the content names, by the hash naming their variants: what a variant is made from. */
  private imageSources(model: ContentModel): Map<string, ImageSourceFile> {
    const sources = new Map<string, ImageSourceFile>();
    for (const { ref } of imageReferences(model)) {
      const image = ref.url.startsWith('/') ? this.workspace.images(ref.url) : undefined;
      if (image?.hash) sources.set(image.hash, { file: path.join(this.paths.public, image.src.split(/[?#]/)[0]!), url: image.src, svg: !image.format });
    }
    return sources;
  }

  /**
   * Waits for every processed image the output names and adds them to it. A source sharp cannot
   * decode is an error at each line that names it.
   */
  private async finishImages(model: ContentModel, output: RenderedOutput): Promise<ImageStats> {
    const { files, failures, stats } = await this.images.finish([...output.pageImages.values()].flat().concat([...output.files.values()].flatMap((data) => (typeof data === 'string' && !data.startsWith('<!DOCTYPE') ? imagesNamedIn(data) : []))));
    if (failures.size) {
      const problems = imageReferences(model)
        .filter(({ ref }) => failures.has(ref.url.split(/[?#]/)[0]!))
        .map(({ file, ref }) => diagnostic(file, ref, 'image/undecodable', `image "${ref.url}" cannot be decoded: ${failures.get(ref.url.split(/[?#]/)[0]!)}`));
      throw new ContentError(problems);
    }
    for (const [name, bytes] of files) output.files.set(name, bytes);
    return stats;
  }

  /** Bodies of stale pages that the cache kept apart from their analyses; those it lost are analysed again. */
  private async restoreBodies(read: ReadContent, docs: AnalysedMarkdown[]): Promise<void> {
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

  /** Write: a new version of the output with every file, unless the output already is this build's, byte for byte. */
  private async write(session: Session, { files, pageKeys, linked, manifest, pageImages, pageProps }: RenderedOutput, store: OutputStore): Promise<void> {
    const props = [...pageProps.values()].flat();
    const outputs = new Map([...linked, ...pageKeys, ...props.map((file): [string, string] => [file, file])]);
    // The same bytes made another way (a --drafts build of content with no draft) still get a version saying how they were made.
    const recorded = outputMode(this.paths.out);
    const sameUnreleased = JSON.stringify(outputUnreleased(this.paths.out)) === JSON.stringify(session.unreleased);
    const unchanged = !session.staged && recorded && sameMode(recorded, session.mode) && sameUnreleased && manifest?.sameSite(outputs.keys()) && linked.size === outputs.size && (await alreadyWritten(this.paths.out, files));
    if (unchanged) return;
    // Watch's scratch preview, still as this builder wrote it and built the same way (its marker still true): only what changed is written.
    const shown = this.scratchOutput && !session.staged && recorded && sameMode(recorded, session.mode) && sameUnreleased ? this.last : undefined;
    if (shown && shown.dir === store.current()) {
      const changed = new Map([...files].filter(([file, data]) => !sameContent(shown.files.get(file), data)));
      updateInPlace(shown.dir, changed, [...shown.files.keys()].filter((file) => !files.has(file) && !linked.has(file)));
      this.last = { dir: shown.dir, files };
      return;
    }
    if (!session.staged) ({ staged: session.staged, last: session.lastFiles } = await this.openVersion(store));
    const staged = session.staged;
    // Files this builder wrote into the version now shown, byte for byte the same, are linked from it.
    const same = new Set([...files].filter(([file, data]) => sameContent(session.lastFiles?.get(file), data)).map(([file]) => file));
    staged.write(new Map([...files].filter(([file]) => !same.has(file))), [...linked.keys(), ...same]);
    await staged.commit(session.mode, session.unreleased, !this.scratchOutput);
    this.retireOlder = () => staged.retireOlder();
    this.last = { dir: staged.dir, files };
    session.staged = undefined;
    await manifest?.save(this.paths.out, outputs, pageImages, pageProps);
  }
}

/** A builder's work as another builder takes it over (every field survives a postMessage). */
export interface Adopted {
  /** The code its analyses were made with (PageCode.shared); undefined before its first build. */
  code: string | undefined;
  analyses: AnalysedMarkdown[];
  rendered: [string, PlacedPage & { key: string; html: string }][];
  last: { dir: string; files: Map<string, string | Uint8Array> } | undefined;
}

/** What one build holds while it runs: the worker pool and the version being written, released at its end. */
interface Session {
  pool: MarkdownPool | undefined;
  staged: StagedVersion | undefined;
  lastFiles: Map<string, string | Uint8Array> | undefined;
  /** How this build is made: its output's marker says so. */
  mode: BuildMode;
  /** Its drafts and scheduled pages, written or left out: its output's marker lists them. */
  unreleased: UnreleasedPages;
}

/** The drafts and scheduled entries of the content by route, in route order, whether or not this build shows them. */
function unreleasedPages(model: ContentModel, routes: Map<string, string>): UnreleasedPages {
  const routeOf = new Map([...routes].map(([route, file]) => [file, route]));
  const pages = [...model.entries, ...model.withheld].flatMap(({ doc, release }) => {
    const route = routeOf.get(doc.facts.file);
    return release.status === 'published' || !route ? [] : [[route, release] as const];
  });
  return Object.fromEntries(pages.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The read phase's output. */
interface ReadContent {
  definition: SiteDefinition;
  raw: RawContent;
  sources: MarkdownFile[];
  /** For each source, its analysis from the cache, if the cache has it. */
  known: (AnalysedMarkdown | undefined)[];
  /** The sources the cache does not have, being analysed (`analysing`) by `markdown`. */
  missing: MarkdownFile[];
  analysing: Promise<AnalysedMarkdown[]>;
  markdown: MarkdownWorker;
  cache: AnalysisCache | undefined;
}

/** The render phase's output: every generated file, and where each page came from. */
interface RenderedOutput {
  files: Map<string, string | Uint8Array>;
  /** Pages rendered or kept in memory: output path → cache key. */
  pageKeys: Map<string, string>;
  /** Pages linked unchanged from the previous output: output path → cache key. */
  linked: Map<string, string>;
  timings: PageTiming[];
  manifest: OutputManifest | undefined;
  /** The processed images each page names: output path → paths in the output. */
  pageImages: Map<string, string[]>;
  /** The props files of shared islands each page names: output path → paths in the output. */
  pageProps: Map<string, string[]>;
  /** How many redirects the site has, and the files written for them (their pages and the record). */
  redirects: { count: number; files: Set<string> };
}

/** One build with a fresh builder (the CLI's `build` and `check`), using the cache on disk; `address` says where it is published. */
export async function build(paths: Paths, options: BuildOptions = {}, address?: SiteAddress): Promise<BuildResult> {
  const builder = new Builder(paths, { persistent: !options.check, address });
  // The CLI builds once: it exits only when the build's cleanup is done too, and says what that could not do.
  const result = await builder.build(options).finally(() => builder.idle());
  result.notes.push(...builder.takeUnsaid());
  return result;
}

