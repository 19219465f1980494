import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { contentHash } from '../hash.ts';
import type { Paths } from '../config.ts';
import { ContentError, isError, type Diagnostic } from '../diagnostics.ts';
import { ASSETS_DIR } from '../hosting/policy.ts';
import { listMarkdown, readMarkdownFiles, readYamlContent, withMarkdown } from '../load/content.ts';
import { unreadFiles } from '../load/unreadFiles.ts';
import { renderPage } from '../render/renderPage.tsx';
import { outputPathForRoute } from '../routes/outputPath.ts';
import { checkDuplicateTitles, checkReferences, collectRoutes } from '../validate/crossChecks.ts';
import { checkPublicLinks } from '../validate/publicLinks.ts';
import { validateContent } from '../validate/validateContent.ts';
import { outputRefusal } from '../write/outputGuard.ts';
import { OutputStore, type StagedVersion } from '../write/outputStore.ts';
import { alreadyWritten, sameContent } from '../write/sameFiles.ts';
import { atomFeed, robotsTxt, sitemapXml } from '../write/siteFiles.ts';
import { AnalysisCache } from './cache/analysisCache.ts';
import { codeVersion } from './cache/codeVersion.ts';
import { buildAssets, cachedAssets, type Assets } from './cache/assetCache.ts';
import { acquireBuildLock, type LockHolder } from './buildLock.ts';
import { removeDeadWorkingFiles } from './cache/cacheFile.ts';
import { loadTemplateSet } from './loadDefinition.ts';
import { MarkdownPool } from './workers/pool.ts';
import { MarkdownWorkspace, type RenderedPage, type SharedRender } from './markdownWork.tsx';
import { OutputManifest } from './cache/outputManifest.ts';
import { makeCollections, yamlPageFiles, yamlPageJobs } from '../plan/pagePlan.tsx';

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
}

export interface BuildStep {
  step: string;
  at: number;
}

export interface BuildOptions {
  check?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Another build of the project holds the lock: this one waits for it. */
  onWait?: (holder: LockHolder) => void;
}

export interface BuilderOptions {
  /** Keep analyses and an output manifest in .sitegen-cache/ so the next build redoes only what changed. */
  persistent?: boolean;
  /** Markdown files from which analysis and rendering move to worker threads. */
  workerThreshold?: number;
}

/** Below this many markdown files, starting worker threads costs more than it saves. */
const WORKER_THRESHOLD = 300;

/** What is wrong with SOURCE_DATE_EPOCH, if it is set to something that is not a time. */
export function sourceDateEpochProblem(env = process.env): string | undefined {
  const value = env.SOURCE_DATE_EPOCH;
  if (value === undefined || value === '' || /^\d+$/.test(value)) return undefined;
  return `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (it is ${JSON.stringify(value)})`;
}

/** The copyright year: SOURCE_DATE_EPOCH when set (reproducible builds), else the build's year. */
export function buildYear(env = process.env): number {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return new Date(env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now()).getUTCFullYear();
}

/**
 * Builds the site: load → validate → render → write. It keeps what it can between builds
 * (watch): a markdown file whose text has not changed is not analysed again, and a page whose
 * inputs hash the same is not rendered again. Large sites spread markdown work over worker threads.
 */
export class Builder {
  private readonly templateSet;
  private assets?: Promise<Assets>;
  private readonly workspace: MarkdownWorkspace;
  private readonly rendered = new Map<string, { key: string; html: string; islands: string[] }>();

  private readonly version?: Promise<string>;
  private readonly workerThreshold: number;
  /** The version this builder wrote last and its generated files: the next build links the ones that did not change. */
  private last?: { dir: string; files: Map<string, string | Uint8Array> };
  private readonly notes: string[] = [];
  private readonly note = (line: string) => this.notes.push(line);

  constructor(
    readonly paths: Paths,
    options: BuilderOptions = {},
  ) {
    this.templateSet = loadTemplateSet(paths.templates);
    this.templateSet.catch(() => undefined);
    this.workspace = new MarkdownWorkspace(paths, () => this.templateSet);
    if (options.persistent) this.version = codeVersion(paths.root, paths.public);
    this.workerThreshold = options.workerThreshold ?? WORKER_THRESHOLD;
  }

  /** Forget image sizes and analysed markdown, and copy public/ afresh (after a change in public/). */
  publicChanged(): void {
    this.workspace.publicChanged();
    this.last = undefined;
  }

  /**
   * A new version of the output with public/ in it. When the output shows the version this
   * builder wrote last (watch), public/ is linked from it and `last` lists the files it wrote.
   */
  private async openVersion(store: OutputStore): Promise<{ staged: StagedVersion; last?: Map<string, string | Uint8Array> }> {
    const staged = await store.open();
    const last = this.last && this.last.dir === staged.previous ? this.last.files : undefined;
    try {
      await staged.addPublic(this.paths.public, last !== undefined);
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
   * and repairs what stopped builds left.
   */
  async build(options: BuildOptions = {}): Promise<BuildResult> {
    if (options.check) return this.run(options);
    const refusal = outputRefusal(this.paths);
    if (refusal) throw refusal;
    const release = await acquireBuildLock(this.paths.cache, (holder) => options.onWait?.(holder));
    try {
      const store = new OutputStore(this.paths.out);
      const [repaired, working] = await Promise.all([store.recover(), removeDeadWorkingFiles(this.paths.cache)]);
      this.notes.push(...repaired);
      if (working) this.note(`cache: removed ${working} unfinished ${working === 1 ? 'file' : 'files'} left by builds that were stopped`);
      return await this.run(options, store);
    } finally {
      this.notes.length = 0;
      await release();
    }
  }

  private async run(options: BuildOptions, store?: OutputStore): Promise<BuildResult> {
    const started = performance.now();
    const steps: BuildStep[] = [];
    const mark = (step: string) => steps.push({ step, at: performance.now() - started });
    // `check` validates only: the stylesheet and island bundles are not needed.
    const assets = options.check ? undefined : this.loadAssets();
    assets?.catch(() => undefined);
    const [list, cache] = await Promise.all([listMarkdown(this.paths.content), this.version?.then((version) => AnalysisCache.load(this.paths.cache, version, this.note))]);
    // Worker threads for large sites start as early as possible (loading their code takes a
    // while): files the cache has never seen are known before any file is read.
    const workers = Math.min(availableParallelism(), 4);
    let pool: MarkdownPool | undefined;
    const startPool = (files: number) => {
      if (!pool && files >= this.workerThreshold && workers > 1) pool = new MarkdownPool(this.paths, workers, files);
    };
    startPool(list.markdown.filter((m) => !cache?.has(m.file)).length);
    let staged: StagedVersion | undefined;
    let lastFiles: Map<string, string | Uint8Array> | undefined;
    try {
      const sources = readMarkdownFiles(list.markdown);
      const known = sources.map((m) => cache?.get(m.file, m.hash));
      const missing = sources.filter((_, i) => !known[i]);
      startPool(missing.length);
      const markdown = pool ?? this.workspace;
      const analysing = markdown.analyse(missing);
      analysing.catch(() => undefined);
      const [yaml, unread] = await Promise.all([readYamlContent(this.paths.content), unreadFiles(this.paths.content)]);
      const raw = withMarkdown(yaml, list);
      raw.diagnostics.push(...unread);
      mark('content read');
      const { templates, names } = await this.templateSet;
      const fresh = await analysing;
      for (const [i, doc] of fresh.entries()) cache?.set(missing[i]!.file, doc);
      mark(`${missing.length} markdown files analysed`);
      const analysed = known.map((doc) => doc ?? fresh.shift()!);
      const { model, diagnostics } = validateContent(raw, analysed, templates);
      const all: Diagnostic[] = [...diagnostics];
      all.push(...checkPublicLinks(this.paths.public, this.paths.root));
      const routes = collectRoutes(raw, all);
      const articles = model?.articles.map((a) => a.summary) ?? [];
      const legal = model?.legal.map((l) => l.summary) ?? [];
      const collections = makeCollections(articles, legal);
      const yamlJobs = model ? yamlPageJobs(model, templates, collections) : [];
      // A template's further pages (the blog's numbered and category pages) are routes links may point at.
      for (const job of yamlJobs) if (!routes.has(job.route)) routes.set(job.route, job.source);
      if (model) all.push(...checkReferences(model, routes, this.paths.public), ...checkDuplicateTitles(model));
      // What is left once no error stopped the build are warnings: shown, and the site is built.
      if (all.some(isError) || !model) throw new ContentError(all);
      mark('content validated');
      const files = new Map<string, string | Uint8Array>();
      if (!assets || !store) return { pages: 0, rendered: 0, assets: 0, bytes: 0, ms: performance.now() - started, timings: [], files, steps, notes: [...this.notes], warnings: all };
      const { stylesheet, bundle } = await assets;
      mark('assets ready');

      const stylesheetUrl = `/${ASSETS_DIR}/${stylesheet.fileName}`;
      files.set(stylesheetUrl.slice(1), stylesheet.css);
      for (const [file, data] of bundle.files) files.set(file, data);

      for (const [file, data] of yamlPageFiles(model, templates, collections)) files.set(file, data);
      const shared: SharedRender = { site: model.site, year: buildYear(), stylesheet: stylesheetUrl, loader: bundle.loader, islandUrls: [...bundle.islands], articles, legal };
      // Everything a page can see besides its own file: when this changes, every page renders again.
      const version = this.version ? await this.version : '';
      const sharedKey = contentHash(
        JSON.stringify([version, model.siteSource.data, shared.year, stylesheetUrl, bundle.loader, shared.islandUrls, collections.articles.map(({ words: _w, ...rest }) => rest), collections.legal]),
        20,
      );

      const timings: PageTiming[] = [];
      const total = yamlJobs.length + model.articles.length + model.legal.length;
      const pageKeys = new Map<string, string>();
      const keep = (route: string, outputPath: string, key: string, page: { html?: string; bytes?: number; islands: string[] }, ms: number, cached: boolean) => {
        if (page.html === undefined) this.rendered.delete(route);
        else {
          this.rendered.set(route, { key, html: page.html, islands: page.islands });
          files.set(outputPath, page.html);
        }
        pageKeys.set(outputPath, key);
        timings.push({ route, ms, bytes: page.bytes ?? Buffer.byteLength(page.html!), islands: page.islands, cached });
        options.onProgress?.(timings.length, total);
      };

      const manifest = this.version ? await OutputManifest.load(this.paths.cache, this.paths.out, version, this.note) : undefined;
      const linked = new Map<string, string>();
      const reuse = async (route: string, outputPath: string, key: string, islands: string[]) => {
        const bytes = await manifest?.reusable(this.paths.out, outputPath, key);
        if (bytes === undefined) return false;
        linked.set(outputPath, key);
        timings.push({ route, ms: 0, bytes, islands, cached: true });
        options.onProgress?.(timings.length, total);
        return true;
      };

      const context = { site: model.site, pricing: model.pricing?.data, year: shared.year, stylesheet: stylesheetUrl, loader: bundle.loader, islandNames: names, islandUrls: bundle.islands, Layout: templates.Layout };
      const docs = [...model.legal, ...model.articles];
      const reused = await Promise.all(
        docs.map((doc) => {
          const key = `${sharedKey}:${doc.hash}`;
          const hit = this.rendered.get(doc.summary.href);
          if (hit?.key === key) {
            keep(doc.summary.href, outputPathForRoute(doc.summary.href), key, hit, 0, true);
            return true;
          }
          return reuse(doc.summary.href, outputPathForRoute(doc.summary.href), key, doc.body?.islands ?? []);
        }),
      );
      const stale = docs.filter((_, i) => !reused[i]);
      if (cache) {
        const lost: typeof stale = [];
        for (const doc of stale) if (!(doc.body ??= await cache.body(doc))) lost.push(doc);
        // The cache lost these bodies (a damaged file, or a build stopped between writing its two files): analyse them again.
        if (lost.length) {
          const byFile = new Map(sources.map((source) => [source.file, source]));
          const again = await markdown.analyse(lost.map((doc) => byFile.get(doc.facts.file)!));
          again.forEach((fresh, i) => {
            lost[i]!.body = fresh.body;
            cache.set(fresh.facts.file, fresh);
          });
        }
      }
      // Markdown pages render (on worker threads for large sites, which write them into the
      // new version themselves) while this thread renders the YAML pages.
      if (pool) {
        ({ staged, last: lastFiles } = await this.openVersion(store));
        staged.createFolders(stale.map((doc) => outputPathForRoute(doc.summary.href)));
      }
      const rendering = markdown.render(stale, shared, staged?.dir);
      rendering.catch(() => undefined);

      // Only YAML pages show pricing: a pricing change renders them again, not the articles.
      const pricingData = model.pricing?.source.data;
      for (const job of yamlJobs) {
        const key = `${sharedKey}:${contentHash(JSON.stringify([job.page.source.data, job.variantKey, pricingData]), 20)}`;
        const outputPath = job.outputPath || outputPathForRoute(job.route);
        const hit = this.rendered.get(job.route);
        if (hit?.key !== key && (await reuse(job.route, outputPath, key, []))) continue;
        const t0 = performance.now();
        keep(job.route, outputPath, key, hit?.key === key ? hit : renderPage(job, context), performance.now() - t0, hit?.key === key);
      }

      const pages: RenderedPage[] = await rendering;
      mark('pages rendered');
      // The workers' heaps are not needed for writing: give their memory back first.
      await pool?.close();
      pages.forEach((page, i) => keep(page.route, page.outputPath, `${sharedKey}:${stale[i]!.hash}`, page, page.ms, false));

      const built = new Set(timings.map((t) => t.route));
      for (const route of this.rendered.keys()) if (!built.has(route)) this.rendered.delete(route);

      const indexed = [...yamlJobs.filter((job) => !job.head.noindex).map((job) => ({ route: job.route })), ...model.legal.map((l) => ({ route: l.summary.href, lastmod: l.summary.date })), ...model.articles.map((a) => ({ route: a.summary.href, lastmod: a.summary.updated ?? a.summary.date }))];
      files.set('sitemap.xml', sitemapXml(model.site, indexed));
      files.set('robots.txt', robotsTxt(model.site));
      const blog = model.pages.find((p) => p.template === 'blog-index');
      if (model.articles.length) files.set('feed.xml', atomFeed(model.site, collections.articles, blog?.route ?? '/'));

      const outputs = new Map([...linked, ...pageKeys]);
      // Nothing changed at all: the previous output is already this build's output, byte for byte.
      const unchanged = !staged && manifest?.sameSite(outputs.keys()) && linked.size === outputs.size && (await alreadyWritten(this.paths.out, files));
      if (!unchanged) {
        if (!staged) ({ staged, last: lastFiles } = await this.openVersion(store));
        // Files this builder wrote into the version now shown, byte for byte the same, are linked from it.
        const same = new Set([...files].filter(([file, data]) => sameContent(lastFiles?.get(file), data)).map(([file]) => file));
        staged.write(new Map([...files].filter(([file]) => !same.has(file))), [...linked.keys(), ...same]);
        await staged.commit();
        this.last = { dir: staged.dir, files };
        staged = undefined;
        await manifest?.save(this.paths.out, outputs);
      }
      mark('output written');
      await cache?.save();
      mark('cache saved');
      const pageBytes = timings.reduce((n, t) => n + t.bytes, 0);
      const bytes = [...files].filter(([file]) => !pageKeys.has(file)).reduce((n, [, d]) => n + (typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength), pageBytes);
      return { pages: total, rendered: timings.filter((t) => !t.cached).length, assets: [...files.keys()].filter((file) => !pageKeys.has(file)).length, bytes, ms: performance.now() - started, timings, files, steps, notes: [...this.notes], warnings: all };
    } finally {
      await pool?.close();
      // A build that failed after its version was opened leaves no partial site behind.
      await staged?.discard();
    }
  }
}

/** One build with a fresh builder (the CLI's `build` and `check`), using the cache on disk. */
export function build(paths: Paths, options: BuildOptions = {}): Promise<BuildResult> {
  return new Builder(paths, { persistent: !options.check }).build(options);
}

