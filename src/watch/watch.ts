import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Paths } from '../config.ts';
import { describeCrash, formatDiagnostics, relativeTo } from '../diagnosticFormats.ts';
import { sortDiagnostics } from '../diagnostics.ts';
import type { ProgressReporter } from '../progress.ts';
import { compiled, threadEntry, type Compiled } from '../runtime/compiled.ts';
import { compiledPath, ENTRIES } from '../runtime/sources.mjs';
import { createSiteServer, listenOn, type PortChoice } from '../serve/server.ts';
import { outputRefusal } from '../write/outputGuard.ts';
import type { Adopted } from '../pipeline/builder.ts';
import type { BuildOutcome, BuildWorkerReply, BuildWorkerRequest } from './buildWorkerProtocol.ts';
import { SETTLE_MS, watchFiles } from './fileChanges.ts';
import { LiveReload } from './liveReload.ts';
import type * as Compiler from '../runtime/compile.mjs';
import type { BuildFailure } from 'esbuild';

export type ChangeKind = 'content' | 'public' | 'styles' | 'templates' | 'code';

/**
 * What a changed file invalidates: the generator's code needs a fresh builder; templates are
 * compiled again and loaded into the builder (a fresh one, running the sources under tsx); a
 * stylesheet, only the CSS.
 */
export function classifyChange(paths: Paths, file: string): ChangeKind {
  const inside = (dir: string) => file === dir || file.startsWith(dir + path.sep);
  if (inside(paths.public)) return 'public';
  if (inside(paths.content)) return 'content';
  if (inside(paths.templates)) return file.endsWith('.css') ? 'styles' : 'templates';
  return 'code';
}

/** What the next build must redo besides the content: a fresh builder (code), the templates, public/, the stylesheet. */
type Job = Record<'code' | 'templates' | 'publicChanged' | 'stylesChanged', boolean>;
const NO_CHANGE: Job = { code: false, templates: false, publicChanged: false, stylesChanged: false };
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

/**
 * Serves the last good build with live reload and rebuilds on change. A content error is
 * shown in the terminal and as an overlay in the browser; the previous output keeps being served.
 */
export async function startWatch(
  paths: Paths,
  choice: PortChoice,
  log: (line: string) => void,
  showProgress: () => ProgressReporter = () => SILENT,
  allowedHosts: readonly string[] = [],
): Promise<Watcher> {
  const refusal = outputRefusal(paths);
  if (refusal) throw refusal;
  const live = new LiveReload();
  const server = createSiteServer(paths.out, { hooks: live.hooks(), dev: true, allowedHosts, log });
  // The port first: when it is taken, nothing else has started that would keep the process alive.
  const actual = await listenOn(server, choice);
  let worker: Worker | undefined;
  // A retired worker may still hold the build lock while it removes old versions: the next one starts
  // after it, and takes over what it made.
  let retiring: Promise<Adopted | undefined> = Promise.resolve(undefined);
  let running = false;
  let closed = false;
  let pending: Job | undefined;
  const waiters: ((outcome: BuildOutcome) => void)[] = [];
  let last: BuildOutcome | undefined;
  /** Tells the waiters the last outcome once no build is running, waiting or due. */
  const settle = async () => {
    while (running || pending || timer || files.following()) await sleep(SETTLE_MS);
    for (const resolve of waiters.splice(0)) resolve(last!);
  };

  // Running compiled, a worker runs the generator compiled apart from the templates, which are
  // compiled again after each edit of them and loaded in place (its dirs say which).
  const compiler = compiled() ? await watchCompiler(paths.root) : undefined;
  let dirs: { worker: string; templates: string } | undefined;
  // A change of the generator's code needs fresh modules: compile them, and start a new worker.
  const spawn = async (): Promise<Worker> => {
    let w: Worker;
    if (compiler) {
      const fresh = await compiler.generator();
      const compiledCode: Compiled = { root: paths.root, dir: fresh.worker, templates: fresh.templates };
      w = new Worker(pathToFileURL(path.join(fresh.worker, compiledPath(ENTRIES.buildWorker))), {
        workerData: { paths, compiled: compiledCode },
        execArgv: [...process.execArgv, '--enable-source-maps'],
      });
      dirs = fresh;
    } else {
      const thread = threadEntry(paths.root, 'buildWorker');
      w = new Worker(thread.file, { workerData: { ...thread.workerData, paths }, execArgv: [...process.execArgv, '--enable-source-maps'] });
    }
    w.on('error', (error) => finish({ type: 'crashed', message: describeCrash(error) }));
    // A worker that ends by itself mid-build (a template calling process.exit) says no more: its build ends as a crash.
    w.on('exit', (code) => {
      if (w === worker && running && !closed) finish({ type: 'crashed', message: `sitegen: the build worker stopped (exit code ${code})` });
    });
    return w;
  };
  /** Compiles the templates again and, when that made new ones (not a save of the same text), has the worker load them. */
  const reloadTemplates = async (w: Worker): Promise<void> => {
    const templates = await compiler!.templates(dirs!.worker);
    if (templates === dirs!.templates) return;
    dirs = { ...dirs!, templates };
    send(w, { type: 'templates', dir: templates });
  };

  const finish = (outcome: BuildOutcome, { keepWorker = false } = {}) => {
    running = false;
    switch (outcome.type) {
      case 'built':
        if (outcome.warnings.length) log(formatDiagnostics(outcome.warnings));
        log(`rebuilt ${outcome.rendered} of ${outcome.pages} pages in ${Math.round(outcome.ms)} ms`);
        live.succeeded();
        break;
      case 'failed':
        log(formatDiagnostics(outcome.diagnostics));
        // The browser is shown paths in the project, not on this machine.
        live.failed({ kind: 'content', diagnostics: relativeTo(sortDiagnostics(outcome.diagnostics), paths.root) });
        break;
      case 'faulted':
      case 'crashed':
        log(outcome.message);
        live.failed({ kind: 'crash', message: outcome.message });
        // A template that threw leaves the worker sound: the fix is rendered by it, with everything it keeps.
        if (worker && !keepWorker && outcome.type === 'crashed') {
          retiring = retire(worker);
          worker = undefined;
        }
        break;
      default:
        outcome satisfies never;
    }
    last = outcome;
    if (pending) run();
    void settle();
  };

  const run = () => {
    if (running) return;
    const job = pending ?? NO_CHANGE;
    pending = undefined;
    running = true;
    // Without compiled templates to load in place (tsx), an edit of templates needs a fresh worker too.
    if ((job.code || (job.templates && !compiler)) && worker) {
      retiring = retire(worker);
      worker = undefined;
    }
    void (async () => {
      if (job.templates && worker && compiler) {
        try {
          await reloadTemplates(worker);
        } catch (error) {
          // A template that does not compile: the worker keeps the templates it has, and the next edit compiles them again.
          return finish({ type: 'crashed', message: await describeCompileFailure(error) }, { keepWorker: true });
        }
      }
      try {
        // The new worker compiles and loads its code while the old one stops: only builds take turns.
        const [fresh, work] = await Promise.all([worker ?? spawn(), retiring]);
        if (work && fresh !== worker) {
          send(fresh, { type: 'adopt', work });
          // Handed on: the main thread keeps no copy of every page.
          retiring = Promise.resolve(undefined);
        }
        worker = fresh;
      } catch (error) {
        finish({ type: 'crashed', message: await describeCompileFailure(error) });
        return;
      }
      const w = worker;
      const progress = showProgress();
      const onMessage = (reply: BuildWorkerReply) => {
        switch (reply.type) {
          case 'progress':
            return progress.update(reply.progress);
          case 'waiting':
            progress.done();
            return log(reply.line);
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
            if (w === worker) finish(reply);
            return;
          default:
            return reply satisfies never;
        }
      };
      w.on('message', onMessage);
      send(w, { type: 'build', publicChanged: job.publicChanged, stylesChanged: job.stylesChanged, contentChanged: [...untold] });
      untold.clear();
    })();
  };

  let timer: NodeJS.Timeout | undefined;
  /**
   * Content files changed since the worker was last asked to build: named in the next build request,
   * for the worker trusts the files it read until then (a fresh worker reads every file).
   */
  const untold = new Set<string>();
  const schedule = (kind: ChangeKind, file: string) => {
    if (kind === 'content') untold.add(file);
    const was = pending ?? NO_CHANGE;
    pending = {
      code: was.code || kind === 'code',
      templates: was.templates || kind === 'templates',
      publicChanged: was.publicChanged || kind === 'public',
      stylesChanged: was.stylesChanged || kind === 'styles',
    };
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, SETTLE_MS);
  };

  // Files are watched before the first build starts: an edit saved while it runs builds again after it.
  // A save is built as soon as it is seen (no wait for the file to stop growing, which cost 20–30 ms
  // an edit): a file written in several parts starts a build at its first part and another at its
  // last, which shows the whole of it.
  const files = watchFiles([paths.content, paths.templates, paths.public, path.join(paths.root, 'src')], (file) => schedule(classifyChange(paths, file), file));
  await files.ready;

  const first = new Promise<BuildOutcome>((resolve) => waiters.push(resolve));
  run();
  await first;

  return {
    port: actual,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close({ now = false } = {}) {
      clearTimeout(timer);
      live.close();
      await files.close();
      closed = true;
      if (worker) retiring = now ? worker.terminate().then(() => undefined) : retire(worker);
      await retiring;
      await compiler?.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Ends a build worker and the esbuild service it started, then terminates it; resolves with what
 * it made, for the next worker. A worker that does not even say it is stopping within 2 s is
 * stuck (a template in an endless loop) and is ended at once; one that is finishing its build and
 * removing old versions under the build lock is given the time that takes.
 */
async function retire(w: Worker): Promise<Adopted | undefined> {
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

/**
 * What esbuild could not compile, as esbuild shows it (each error at its file, line and column,
 * with the line and a marker under the fault); anything else as a crash.
 */
async function describeCompileFailure(error: unknown): Promise<string> {
  const errors = (error as Partial<BuildFailure> | undefined)?.errors;
  if (!Array.isArray(errors) || !errors.length) return describeCrash(error);
  const { formatMessages } = await import('esbuild');
  return `sitegen: the code does not compile\n${(await formatMessages(errors, { kind: 'error', color: false })).join('').trimEnd()}`;
}
