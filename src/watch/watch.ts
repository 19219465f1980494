import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Paths } from '../config.ts';
import { browserDiagnostics, describeCrash, formatDiagnostics, sourceLinksFromEnv, sourceLinksFromGit, type SourceLinks } from '../diagnosticFormats.ts';
import type { ProgressReporter } from '../progress.ts';
import { compiled, threadEntry, type Compiled } from '../runtime/compiled.ts';
import { compiledPath, ENTRIES } from '../runtime/sources.mjs';
import { createSiteServer, listenOn, type PortChoice } from '../serve/server.ts';
import { outputRefusal } from '../write/outputGuard.ts';
import type { Adopted } from '../pipeline/builder.ts';
import { namedInBuild, type BuildOutcome, type BuildWorkerReply, type BuildWorkerRequest } from './buildWorkerProtocol.ts';
import { builtLines } from './buildReport.ts';
import { classifyChange, SETTLE_MS, watchFiles, type FileChanges } from './fileChanges.ts';
import { LiveReload } from './liveReload.ts';
import { INITIAL, step, type LoopEffect, type LoopEvent, type LoopState } from './watchLoop.ts';
import type * as Compiler from '../runtime/compile.mjs';

const SILENT: ProgressReporter = { update: () => undefined, done: () => undefined };

export interface Watcher {
  port: number;
  /**
   * Stops watching and serving. The worker finishes its build and hands over, unless `now` (the
   * user stopped watch: Ctrl-C, SIGTERM, its parent gone), when it is ended at once: what it leaves
   * is a scratch output and a lock of a process that is gone, which the next build takes over.
   */
  close(options?: { now?: boolean }): Promise<void>;
  /**
   * Resolves with the outcome of the last build once a build has finished after this call and
   * none is running, waiting or due (for tests: a save may start more than one build).
   */
  nextBuild(): Promise<BuildOutcome>;
}

export interface WatchOptions {
  log: (line: string) => void;
  showProgress?: () => ProgressReporter;
  allowedHosts?: readonly string[];
}

/**
 * Serves the last good build with live reload and rebuilds on change. A content error is
 * shown in the terminal and as an overlay in the browser; the previous output keeps being served.
 */
export async function watchSite(paths: Paths, choice: PortChoice, { log, showProgress = () => SILENT, allowedHosts = [] }: WatchOptions): Promise<Watcher> {
  const refusal = outputRefusal(paths);
  if (refusal) throw refusal;
  const live = new LiveReload();
  const server = createSiteServer(paths.out, { hooks: live.hooks(), dev: true, allowedHosts, log });
  // The port first: when it is taken, nothing else has started that would keep the process alive.
  const port = await listenOn(server, choice);
  // Running compiled, a worker runs the generator compiled apart from the templates, which are
  // compiled again after each edit of them and loaded in place.
  const compiler = compiled() ? await watchCompiler(paths.root) : undefined;
  const links = sourceLinksFromEnv() ?? (await sourceLinksFromGit(paths.root));
  const loop = new LoopDriver(paths, compiler, live, log, showProgress, `http://localhost:${port}`, links);
  // Files are watched before the first build starts: an edit saved while it runs builds again after it.
  await loop.watch();
  const first = loop.nextBuild();
  loop.dispatch({ type: 'start' });
  await first;
  return {
    port,
    nextBuild: () => loop.nextBuild(),
    async close({ now = false } = {}) {
      live.close();
      await loop.close(now);
      await compiler?.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Performs the effects the loop's steps ask for (watchLoop.ts decides; this class does), and feeds
 * back what happened: files saved, the debounce run out, a worker started or ended, templates
 * loaded, a build ended.
 */
class LoopDriver {
  private state: LoopState = INITIAL;
  /** The workers started and not yet let go, by their number in the loop. */
  private readonly workers = new Map<number, Worker>();
  /** The compiled generator and templates of the last worker started (a compiled watch). */
  private dirs: { worker: string; templates: string } | undefined;
  /**
   * The worker let go last, until it has handed over what it made: it may still hold the build
   * lock while it removes old versions, and the next worker takes over what it made.
   */
  private retiring: Promise<Adopted | undefined> = Promise.resolve(undefined);
  private debounce: NodeJS.Timeout | undefined;
  private files: FileChanges | undefined;
  private readonly waiters: ((outcome: BuildOutcome) => void)[] = [];

  constructor(
    private readonly paths: Paths,
    private readonly compiler: Compiler.WatchCompiler | undefined,
    private readonly live: LiveReload,
    private readonly log: (line: string) => void,
    private readonly showProgress: () => ProgressReporter,
    /** Where the preview is served, for the line that says it is back. */
    private readonly url: string,
    /** Where the overlay links a rule's page: the repository on GitHub, when it is known. */
    private readonly links: SourceLinks | undefined,
  ) {}

  async watch(): Promise<void> {
    const { paths } = this;
    // A save is built as soon as it is seen (no wait for the file to stop growing, which cost 20–30 ms
    // an edit): a file written in several parts starts a build at its first part and another at its
    // last, which shows the whole of it.
    this.files = watchFiles(
      [paths.content, paths.templates, paths.public, path.join(paths.root, 'src')],
      (file) => this.dispatch({ type: 'changed', change: classifyChange(paths, file), file }),
      (files) => this.dispatch({ type: 'following', files }),
    );
    await this.files.ready;
  }

  dispatch(event: LoopEvent): void {
    const { state, effects } = step(this.state, event, { templatesInPlace: this.compiler !== undefined });
    this.state = state;
    for (const effect of effects) this.perform(effect);
  }

  nextBuild(): Promise<BuildOutcome> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(now: boolean): Promise<void> {
    this.dispatch({ type: 'close', now });
    await this.files?.close();
    await this.retiring;
  }

  private perform(effect: LoopEffect): void {
    switch (effect.type) {
      case 'arm-debounce':
        clearTimeout(this.debounce);
        this.debounce = setTimeout(() => this.dispatch({ type: 'settled' }), SETTLE_MS);
        return;
      case 'disarm-debounce':
        return clearTimeout(this.debounce);
      case 'start-worker':
        return void this.start(effect.worker);
      case 'retire-worker':
        return this.letGo(effect.worker, retire);
      case 'stop-worker':
        return this.letGo(effect.worker, (w) => (effect.now ? w.terminate().then(() => undefined) : retire(w)));
      case 'load-templates':
        return void this.loadTemplates(effect.worker);
      case 'build':
        return this.build(effect);
      case 'report':
        return this.report(effect);
      case 'answer':
        for (const resolve of this.waiters.splice(0)) resolve(effect.outcome);
        return;
      default:
        return effect satisfies never;
    }
  }

  /** Lets a worker go, ended by `end`: the next worker waits for what it hands over. */
  private letGo(worker: number, end: (w: Worker) => Promise<Adopted | undefined>): void {
    const w = this.workers.get(worker);
    if (!w) return;
    this.workers.delete(worker);
    this.retiring = end(w);
  }

  /** Starts worker number `worker`, and says it is ready once the worker before it has handed over. */
  private async start(worker: number): Promise<void> {
    const handover = this.retiring;
    let w: Worker;
    try {
      w = await this.spawn();
    } catch (error) {
      return this.dispatch({ type: 'worker-ended', worker, message: await describeCompileFailure(error, this.paths.root) });
    }
    this.workers.set(worker, w);
    const ended = (message: string) => {
      this.workers.delete(worker);
      this.dispatch({ type: 'worker-ended', worker, message });
    };
    w.on('error', (error) => ended(describeCrash(error)));
    // A worker that ends by itself (a template calling process.exit, or code that throws as it loads) says no more.
    w.on('exit', (code) => ended(`sitegen: the build worker stopped (exit code ${code})`));
    const work = await handover;
    // Handed on: the main thread keeps no copy of every page.
    if (this.retiring === handover) this.retiring = Promise.resolve(undefined);
    this.dispatch({ type: 'worker-ready', worker, work });
  }

  /** A worker with the generator's code as it is now (compiled again after a change of it). */
  private async spawn(): Promise<Worker> {
    const { paths, compiler } = this;
    if (!compiler) {
      const thread = threadEntry(paths.root, 'buildWorker');
      return new Worker(thread.file, { workerData: { ...thread.workerData, paths } });
    }
    const fresh = await compiler.generator();
    const compiledCode: Compiled = { root: paths.root, dir: fresh.worker, templates: fresh.templates };
    this.dirs = fresh;
    return new Worker(pathToFileURL(path.join(fresh.worker, compiledPath(ENTRIES.buildWorker))), { workerData: { paths, compiled: compiledCode } });
  }

  /** Compiles the templates again and, when that made new ones (not a save of the same text), has the worker load them. */
  private async loadTemplates(worker: number): Promise<void> {
    try {
      const templates = await this.compiler!.templates(this.dirs!.worker);
      const w = this.workers.get(worker);
      if (w && templates !== this.dirs!.templates) {
        this.dirs = { ...this.dirs!, templates };
        send(w, { type: 'templates', dir: templates });
      }
    } catch (error) {
      // A template that does not compile: the worker keeps the templates it has, and the next edit compiles them again.
      return this.dispatch({ type: 'templates-failed', worker, message: await describeCompileFailure(error, this.paths.root) });
    }
    this.dispatch({ type: 'templates-loaded', worker });
  }

  private build({ worker, job, adopt }: Extract<LoopEffect, { type: 'build' }>): void {
    const w = this.workers.get(worker)!;
    const progress = this.showProgress();
    const onMessage = (reply: BuildWorkerReply) => {
      switch (reply.type) {
        case 'progress':
          return progress.update(reply.progress);
        case 'waiting':
          progress.done();
          return this.log(reply.line);
        // Heard by `retire`.
        case 'stopping':
        case 'handover':
          return progress.done();
        case 'built':
        case 'failed':
        case 'faulted':
        case 'crashed':
          progress.done();
          w.off('message', onMessage);
          return this.dispatch({ type: 'finished', worker, outcome: reply, workerSound: reply.type !== 'crashed' });
        default:
          return reply satisfies never;
      }
    };
    w.on('message', onMessage);
    if (adopt) send(w, { type: 'adopt', work: adopt });
    send(w, { type: 'build', changes: [...job.changes].filter(namedInBuild), contentChanged: [...job.contentChanged] });
  }

  private report({ outcome, job, site }: Extract<LoopEffect, { type: 'report' }>): void {
    switch (outcome.type) {
      case 'built':
        if (outcome.warnings.length) this.log(formatDiagnostics(outcome.warnings));
        for (const line of builtLines(outcome, { job, site, url: this.url, paths: this.paths })) this.log(line);
        this.live.succeeded();
        break;
      case 'failed':
        this.log(formatDiagnostics(outcome.diagnostics));
        // The browser is shown paths in the project, not on this machine.
        this.live.failed({
          kind: 'content',
          diagnostics: browserDiagnostics(outcome.diagnostics, this.paths.root),
          ...(this.links && { blob: this.links.blob }),
        });
        break;
      case 'faulted':
      case 'crashed':
        this.log(outcome.message);
        this.live.failed({ kind: 'crash', message: outcome.message });
        break;
      default:
        outcome satisfies never;
    }
  }
}

/**
 * Ends a build worker and the esbuild service it started, then terminates it; resolves with what
 * it made, for the next worker. A worker that does not even say it is stopping within 2 s is
 * stuck (a template in an endless loop) and is ended at once; one that is finishing its build and
 * removing old versions under the build lock is given the time that takes.
 */
async function retire(w: Worker): Promise<Adopted | undefined> {
  // Already gone: nothing to hand over, and no exit to wait for.
  if (w.threadId === -1) return undefined;
  const exited = once(w, 'exit');
  let work: Adopted | undefined;
  const stopping = new Promise<void>((resolve) =>
    w.on('message', (reply: BuildWorkerReply) => {
      switch (reply.type) {
        case 'stopping':
          return resolve();
        case 'handover':
          work = reply.work;
          return;
        // The build it was finishing, heard by the loop while the worker was its current one.
        case 'built':
        case 'failed':
        case 'faulted':
        case 'crashed':
        case 'waiting':
        case 'progress':
          return;
        default:
          return reply satisfies never;
      }
    }),
  );
  send(w, { type: 'stop' });
  const answered = await Promise.race([stopping.then(() => true), exited.then(() => true), sleep(2000, undefined, { ref: false }).then(() => false)]);
  if (answered) await Promise.race([exited, sleep(60_000, undefined, { ref: false })]);
  await w.terminate();
  return work;
}

/** Posts a request to a build worker: only the requests of its channel's map. */
const send = (w: Worker, request: BuildWorkerRequest) => w.postMessage(request);

/** The compilations of this watch (compile.mjs, imported from its source file at run time: compiled into the generator, it would hash and compile itself). */
async function watchCompiler(root: string): Promise<Compiler.WatchCompiler> {
  const compiler = (await import(pathToFileURL(path.join(root, 'src/runtime/compile.mjs')).href)) as typeof Compiler;
  return compiler.watchCompiler(root);
}

/** What esbuild could not compile, in plain words where it can be (src/runtime/compileFailure.mjs); anything else as a crash. */
async function describeCompileFailure(error: unknown, root: string): Promise<string> {
  // Loaded when code does not compile: it loads TypeScript's parser.
  const failure = await import('../runtime/compileFailure.mjs');
  return (await failure.describeCompileFailure(error, root)) ?? describeCrash(error);
}
