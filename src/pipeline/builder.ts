import { buildDay, thresholdFromEnvironment, type Paths } from '../config.ts';
import { withExcerpts } from '../diagnosticExcerpts.ts';
import type { MarkdownFile } from '../load/content.ts';
import { ContentError, type Diagnostic } from '../diagnostics.ts';
import type { BuildMode } from '../hosting/buildMode.ts';
import { outdatedSchemas } from '../load/schemaFiles.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { SiteAddress } from '../routes/urls.ts';
import { outputRefusal } from '../write/outputGuard.ts';
import { OutputStore } from '../write/outputStore.ts';
import { acquireBuildLock } from './buildLock.ts';
import { BuildClock } from './buildClock.ts';
import type { BuilderOptions, BuildOptions, BuildResult, CheckOptions, CheckResult } from './buildOptions.ts';
import { AnalysisCache } from './cache/analysisCache.ts';
import { removeDeadWorkingFiles } from './cache/cacheFile.ts';
import { codeVersion } from './cache/codeVersion.ts';
import { ImageCache } from './cache/imageCache.ts';
import type { BuilderStore, Change } from './betweenBuilds.ts';
import { tellStores } from './storeHandlers.ts';
import { KeptContent } from './keptContent.ts';
import { SiteAssets } from './siteAssets.ts';
import { loadSite, type LoadedSite } from './loadDefinition.ts';
import { MarkdownWorkspace } from './markdownWork.tsx';
import { MarkdownThreads } from './markdownThreads.ts';
import { modelContent, type ModelledContent } from './modelPhase.ts';
import { pageCode, type PageCode } from './pageCode.ts';
import { FolderSink, MemorySink } from './pageSink.ts';
import type { ReadContent } from './phases.ts';
import type { KeptPage } from './pageStore.ts';
import { readContent } from './readPhase.ts';
import type { RenderedOutput } from './renderedOutput.ts';
import { RenderPhase } from './renderPhase.ts';
import { WritePhase, type LastVersion, type OpenVersion } from './writePhase.ts';

/**
 * Builds the site: under the project's lock, once what stopped builds left is repaired, read →
 * analyse → validate → plan → render → write (`run`); `check` stops after plan. It keeps what it can between builds
 * (watch): a markdown file whose text has not changed is not analysed again, and a page whose
 * inputs hash the same is not rendered again. Large sites spread markdown work over worker threads.
 */
export class Builder {
  private site: Promise<LoadedSite>;
  private readonly assets: SiteAssets;
  private readonly workspace: MarkdownWorkspace;
  private readonly renderPhase: RenderPhase;
  private readonly writePhase: WritePhase;
  /** What reading, validating and planning keep for the next build (watch). */
  private readonly kept: KeptContent;

  private readonly code?: Promise<{ version: string; save: () => Promise<void> }>;
  private readonly version?: Promise<string>;
  private readonly workerThreshold: number;
  private readonly address: SiteAddress;
  private pageCode?: Promise<PageCode>;
  /** The code the workspace's analyses were made with (PageCode.shared), with `pageCode`. */
  private analysedWith?: string;
  private readonly notes: string[] = [];
  private readonly note = (line: string) => this.notes.push(line);
  /** What the last build left to do once its site was shown: remove older versions, then give up the lock. */
  private cleanup: Promise<void> = Promise.resolve();
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
    if (options.persistent || options.readsCache) {
      this.code = codeVersion(paths.root, paths.public, paths.cache, this.note);
      this.version = this.code.then((code) => code.version);
    }
    this.workerThreshold = options.workerThreshold ?? thresholdFromEnvironment();
    this.renderPhase = new RenderPhase({
      paths,
      address: this.address,
      site: () => this.site,
      workspace: this.workspace,
      version: this.version,
      pageCode: () => this.pageCode,
      imageCache: options.persistent || options.cacheImages ? new ImageCache(paths.cache, this.note) : undefined,
      unhashedStylesheet: Boolean(options.unhashedStylesheet),
      writesAsItRenders: Boolean(options.persistent),
      note: this.note,
    });
    this.assets = new SiteAssets(paths, this.version, this.note);
    this.writePhase = new WritePhase(paths, Boolean(options.scratchOutput), () => this.kept.publicContent(paths).files);
    this.kept = new KeptContent(options);
    if (options.pageCode) this.pageCode = this.codeOfPages();
  }

  /** What this builder made that another may use (watch's next worker, after a code change): see `adopt`. */
  handover(): Adopted | undefined {
    if (!this.pageCode) return undefined;
    return { code: this.analysedWith, analyses: this.workspace.analyses(), rendered: this.renderPhase.pages.kept(), last: this.writePhase.last };
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
    this.renderPhase.pages.adopt(work.rendered);
    this.writePhase.last = work.last;
  }

  /**
   * A change watch saw since the last build: the stores `STORES` says it drops or changes are
   * told (the others find it by their keys). A template change loads the templates again (a watch
   * worker, after they were compiled again): pages render again where the code that renders them
   * changed, and markdown is analysed again if the code every analysis runs changed. A change of
   * the generator is not told to a builder: another one takes over (`adopt`).
   */
  changed(change: Exclude<Change, 'generator'>, files: readonly string[] = []): void {
    tellStores(change, {
      'markdown reads': () => this.kept.contentChanged(files),
      // A YAML file is found again by its text.
      'yaml sources': () => undefined,
      // Analyses made by other code, or of changed text, are found out by their keys: only a change of public/ drops them all.
      analyses: (effect) => effect === 'dropped' && this.workspace.forgetAnalyses(),
      'public files': () => this.kept.publicChanged(),
      'image sizes': () => this.workspace.forgetImageSizes(),
      'site assets': (effect) => (effect === 'dropped' ? this.assets.templatesChanged() : this.assets.stylesChanged()),
      'site definition': () => {
        this.site = loadSite(this.paths.templates);
        this.site.catch(() => undefined);
        if (this.pageCode) this.pageCode = this.codeOfPages();
      },
      // A page is found again by its key, which covers what changed (the site's settings too).
      'pages in memory': () => undefined,
      'last version': () => (this.writePhase.last = undefined),
    });
  }

  /** What each store this builder keeps between builds holds now, by entry (`STORES`; what a change drops is what leaves it). */
  async stores(): Promise<Record<BuilderStore, ReadonlyMap<string, unknown>>> {
    const [assets, site, code] = await Promise.all([
      this.assets.current()?.catch(() => undefined),
      this.site.catch(() => undefined),
      this.pageCode?.catch(() => undefined),
    ]);
    const last = this.writePhase.last;
    return {
      'markdown reads': this.kept.markdown.entries(),
      'yaml sources': this.kept.yaml.entries(),
      analyses: new Map(this.workspace.analyses().map((analysis) => [analysis.facts.file, analysis])),
      'public files': this.kept.publicEntries(),
      'image sizes': new Map([['sizes', this.workspace.images]]),
      'site assets': new Map<string, unknown>(
        assets
          ? [
              ['stylesheet', assets.stylesheet],
              ['island bundles', assets.bundle],
            ]
          : [],
      ),
      'site definition': new Map<string, unknown>([
        ['templates', site],
        ['code keys', code],
      ]),
      'pages in memory': new Map(this.renderPhase.pages.kept()),
      'last version': new Map(last ? [[last.dir, last.dir]] : []),
    };
  }

  private codeOfPages(): Promise<PageCode> {
    const code = this.site.then(({ definition }) => pageCode(this.paths.root, definition));
    code.catch(() => undefined);
    return code;
  }

  /** Starts compiling the stylesheet and the island bundles before the first build asks for them (a new watch worker, while it waits for the old one). */
  prepareAssets(): void {
    this.assets.get().catch(() => undefined);
  }

  /**
   * One build. It first makes sure the output folder is one it may
   * replace (refusing before anything is written), waits for any other build of the project,
   * and repairs what stopped builds left. It answers as soon as the new site is shown; removing
   * the versions it replaced goes on under the lock (watch reloads the browser meanwhile), and
   * the next build and `idle` wait for it.
   */
  build(options: BuildOptions = {}): Promise<BuildResult> {
    const refusal = outputRefusal(this.paths);
    if (refusal) return Promise.reject(refusal);
    let answer!: { resolve: (result: BuildResult) => void; reject: (error: unknown) => void };
    const result = new Promise<BuildResult>((resolve, reject) => (answer = { resolve, reject }));
    // From now on `idle` covers this build: while it runs, and its cleanup after its answer.
    this.cleanup = this.buildThenTidy(options, this.cleanup, answer);
    return result;
  }

  /** Builds after `before` (the last build's cleanup), answers, then tidies. Never rejects: the answer carries the failure. */
  private async buildThenTidy(
    options: BuildOptions,
    before: Promise<void>,
    answer: { resolve: (result: BuildResult) => void; reject: (error: unknown) => void },
  ): Promise<void> {
    await before;
    let release: (() => Promise<void>) | undefined;
    try {
      release = await acquireBuildLock(this.paths.cache, (holder) => options.onWait?.(holder));
      const store = new OutputStore(this.paths.out);
      const [repaired, working] = await Promise.all([store.recover(), removeDeadWorkingFiles(this.paths.cache)]);
      this.notes.push(...this.unsaid.splice(0), ...repaired);
      if (working) this.note(`cache: removed ${working} unfinished ${working === 1 ? 'file' : 'files'} left by builds that were stopped`);
      answer.resolve(await framed(await this.run(options, store)));
    } catch (error) {
      answer.reject(await framedError(error));
    } finally {
      this.notes.length = 0;
      await this.tidy(release);
    }
  }

  /** The work a build leaves until after its answer: what it could not do, the next build does, and says. */
  private async tidy(release: (() => Promise<void>) | undefined): Promise<void> {
    const retire = this.writePhase.takeRetirement();
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

  /**
   * `sitegen check`: read → analyse → validate → plan, and the committed editor schemas compared
   * with the definition (a build leaves them to `check`: they change nothing it writes). Nothing
   * is written, so no lock is taken.
   */
  async check(options: CheckOptions = {}): Promise<CheckResult> {
    const clock = new BuildClock();
    this.kept.buildStarts();
    const threads = this.markdownThreads();
    try {
      const { read, analysed } = await this.read(threads, await this.analysisCache(), clock);
      read.raw.diagnostics.push(...(await outdatedSchemas(this.paths, read.definition)));
      const { warnings, unreleased } = this.model(read, analysed, options, clock);
      return await framed({ warnings, ms: clock.ms(), unreleased });
    } catch (error) {
      throw await framedError(error);
    } finally {
      await threads.close();
    }
  }

  /**
   * One build's phases. It owns what they use: the analysis cache (saved at the end), the
   * markdown threads (from the first file read to the last page rendered) and the new version
   * of the output (discarded unless committed); each phase takes the last one's data.
   */
  private async run(options: BuildOptions, store: OutputStore): Promise<BuildResult> {
    const clock = new BuildClock(options.onProgress);
    const assets = this.assets.get();
    assets.catch(() => undefined);
    this.kept.buildStarts();
    const mode: BuildMode = { drafts: Boolean(options.drafts), base: this.address.base, siteUrl: this.address.siteUrl ?? null };
    clock.progress('reading');
    let version: OpenVersion | undefined;
    let analysesSaved: Promise<void> | undefined; // started with the last page: beside the images and the write, which wait on threads and the disk
    try {
      const cache = await this.analysisCache();
      const threads = this.markdownThreads();
      let content: ModelledContent;
      let output: RenderedOutput;
      /** The markdown files this build listed: the analysis cache keeps theirs and forgets the rest. */
      let listed: MarkdownFile[];
      try {
        const { read, analysed } = await this.read(threads, cache, clock);
        listed = read.sources;
        content = this.model(read, analysed, options, clock);
        const ready = await assets;
        clock.mark('assets ready');
        clock.progress('rendering', content.plan.yamlPages.length + content.plan.entryPages.length);
        const work = await this.renderPhase.reuse(read, content.model, content.plan, ready, threads.threaded);
        // Pages written as they render go into the new version, opened here; else the write opens it, if anything changed.
        if (work.needsVersion) version = await this.writePhase.open(store);
        const sink = version ? new FolderSink(version.staged.dir) : new MemorySink();
        output = await this.renderPhase.render(work, { sink, threads, cache, onProgress: options.onProgress });
      } finally {
        // The workers' heaps are not needed for writing: their memory goes back first.
        await threads.close();
      }
      clock.mark('pages rendered');
      analysesSaved = cache?.save(listed, this.paths.content);
      analysesSaved?.catch(() => undefined);
      const { model, warnings, unreleased } = content;
      clock.progress('images');
      const images = await this.renderPhase.finishImages(model, output);
      clock.mark(`images ready (${images.processed} made, ${images.cached} from the cache)`);
      clock.progress('writing');
      const committed = await this.writePhase.write(output, version, { mode, unreleased }, store);
      clock.mark('output written');
      // The page store records a new version as written; an output left as it was is still what it records.
      const pages = committed ? await this.renderPhase.savePages(output) : undefined;
      await Promise.all([analysesSaved, this.code?.then((code) => code.save())]);
      clock.mark(pages ? `cache saved (${pages.added} pages added, ${pages.dropped} dropped)` : 'cache saved');
      return {
        ...output.figures(this.paths.out),
        ms: clock.ms(),
        timings: output.timings(),
        files: output.files,
        steps: clock.steps,
        notes: [...this.notes],
        warnings,
        images,
        unreleased,
      };
    } finally {
      // A build that failed after its version was opened leaves no partial site behind (a committed version stays).
      await version?.staged.discard();
      // Nor anything still running (a failed build's stylesheet and bundles, or analyses): it would write the cache after the lock is given up.
      await Promise.all([assets, analysesSaved].map((task) => task?.catch(() => undefined)));
    }
  }

  /** The analyses builds keep on disk (`persistent` builders, and `check`), loaded for one build. */
  private analysisCache(): Promise<AnalysisCache | undefined> {
    return Promise.resolve(this.version?.then((version) => AnalysisCache.load(this.paths.cache, version, this.note, this.address.base)));
  }

  /** Where one build's markdown work runs: worker threads for a large site (`workerThreshold`), else this thread. */
  private markdownThreads(): MarkdownThreads {
    return new MarkdownThreads(this.paths, this.workspace, this.workerThreshold, this.address.base);
  }

  /** Read and analyse (`readContent`); analyses this builder keeps from code that analyses differently are made again. */
  private async read(threads: MarkdownThreads, cache: AnalysisCache | undefined, clock: BuildClock) {
    const [{ definition }, code] = await Promise.all([this.site, this.pageCode]);
    if (code && this.analysedWith !== code.shared) {
      if (this.analysedWith !== undefined) this.workspace.forgetAnalyses();
      this.analysedWith = code.shared;
    }
    return readContent(this.paths, definition, this.kept, cache, threads, clock);
  }

  /** Validate → plan (`modelContent`): the content read → its model and the plan of every page, or the errors that stop the build. */
  private model(read: ReadContent, analysed: AnalysedMarkdown[], options: CheckOptions, clock: BuildClock): ModelledContent {
    clock.progress('validating');
    const modelled = modelContent({ paths: this.paths, address: this.address, kept: this.kept }, read, analysed, {
      today: buildDay(),
      drafts: Boolean(options.drafts),
    });
    clock.mark('content validated');
    return modelled;
  }
}

/** A run's warnings as they leave the builder: each with the lines around it, for its code frame. */
const framed = async <T extends { warnings: Diagnostic[] }>(result: T): Promise<T> => ({ ...result, warnings: await withExcerpts(result.warnings) });

/** The errors that stopped a run, likewise; any other failure as it was. */
const framedError = async (error: unknown): Promise<unknown> =>
  error instanceof ContentError ? new ContentError(await withExcerpts(error.diagnostics)) : error;

/** A builder's work as another builder takes it over (every field survives a postMessage). */
export interface Adopted {
  /** The code its analyses were made with (PageCode.shared); undefined before its first build. */
  code: string | undefined;
  analyses: AnalysedMarkdown[];
  rendered: [string, KeptPage][];
  last: LastVersion | undefined;
}

/** One build with a fresh builder (the CLI's `build`), using the cache on disk; `address` says where it is published. */
export async function build(paths: Paths, options: BuildOptions = {}, address?: SiteAddress): Promise<BuildResult> {
  const builder = new Builder(paths, { persistent: true, address });
  // The CLI builds once: it exits only when the build's cleanup is done too, and says what that could not do.
  const result = await builder.build(options).finally(() => builder.idle());
  result.notes.push(...builder.takeUnsaid());
  return result;
}

/** One check with a fresh builder (the CLI's `check`): it reads the analyses builds kept, and writes nothing. */
export function check(paths: Paths, options: CheckOptions = {}): Promise<CheckResult> {
  return new Builder(paths, { readsCache: true }).check(options);
}
