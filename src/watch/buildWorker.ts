import { parentPort, workerData } from 'node:worker_threads';
import { Builder, type Adopted } from '../pipeline/builder.ts';
import { waitingLine, type LockHolder } from '../pipeline/buildLock.ts';
import type { Paths } from '../config.ts';
import { compiled as compiledNow, setCompiled, type Compiled } from '../runtime/compiled.ts';
import { describeCrash } from '../diagnosticFormats.ts';
import { ContentError, type Diagnostic } from '../diagnostics.ts';
import type { BuildProgress } from '../progress.ts';

export type WorkerRequest =
  /** `contentChanged`: the content files changed since the last build request (with their full paths). */
  | { type: 'build'; publicChanged: boolean; stylesChanged: boolean; contentChanged: string[] }
  /** Take over what the worker this one replaces made (before the first build). */
  | { type: 'adopt'; work: Adopted }
  /** Load the templates compiled again into `dir` (a compiled worker, after an edit of templates). */
  | { type: 'templates'; dir: string }
  | { type: 'stop' };
/** How a build ended, as data: the watch loop decides how the terminal and the browser show it. */
export type WorkerReply =
  | { type: 'built'; pages: number; rendered: number; ms: number; warnings: Diagnostic[] }
  /** The content has errors (every error and warning of the build). */
  | { type: 'failed'; diagnostics: Diagnostic[] }
  /** A template, a worker or sitegen itself failed: the error's stack. */
  | { type: 'crashed'; message: string };
/**
 * Said while a build waits for another build of the project, and as it progresses; once a stop is
 * heard, at once, and then what this worker made, for the next one, once its last build is done.
 */
export type WorkerNotice = { type: 'waiting'; line: string } | { type: 'progress'; progress: BuildProgress } | { type: 'stopping' } | { type: 'handover'; work: Adopted };

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
// One thread whatever the size: it keeps every rendered page and analysis between builds, so an
// edit renders only the pages it changes (worker threads would start afresh and redo them all).
// Images come from the cache `build` fills: made again, the real site's take 4–5 s of a first build.
// The stylesheet keeps one name, so a stylesheet edit renders no page again. Pages are keyed by the
// code that renders them, so the worker that replaces this one after a template edit renders only that template's pages.
// Its output is a scratch preview, built again whenever watch starts: nothing waits for the disk.
// Watch says when public/ and content files change: public/ is walked and checked once until
// then, and a markdown file read is trusted without a stat until it is named.
const builder = new Builder(paths, { workerThreshold: Infinity, cacheImages: true, unhashedStylesheet: true, pageCode: true, scratchOutput: true, toldOfPublicChanges: true, toldOfContentChanges: true });
builder.prepareAssets();
/** Requests are handled in turn: an adoption finishes before the build it is for. */
let turn: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (request: WorkerRequest) => {
  // esbuild's service is a child process that this thread must stop and reap: a terminated
  // worker leaves it running, or dead but never reaped (a zombie). The thread then ends on its own,
  // once the last build has removed the versions it replaced and given up the lock.
  if (request.type === 'stop') {
    parentPort!.postMessage({ type: 'stopping' } satisfies WorkerNotice);
    return void turn
      .then(() => builder.idle())
      .then(() => handOver())
      .then(() => import('esbuild'))
      .then((esbuild) => esbuild.stop())
      // The service's exit reaches this thread a moment after the kill (it is reaped here, not by the main thread).
      .then(() => new Promise((resolve) => setTimeout(resolve, 250)))
      .finally(() => parentPort!.close());
  }
  if (request.type === 'adopt') return void (turn = turn.then(() => builder.adopt(request.work)));
  if (request.type === 'templates') {
    return void (turn = turn.then(() => {
      setCompiled({ ...compiledNow()!, templates: request.dir });
      builder.templatesChanged();
    }));
  }
  turn = turn.then(() => build(request));
});

function build(request: Extract<WorkerRequest, { type: 'build' }>): Promise<void> {
  builder.contentChanged(request.contentChanged);
  if (request.publicChanged) builder.publicChanged();
  if (request.stylesChanged) builder.stylesChanged();
  const onWait = (holder: LockHolder) => parentPort!.postMessage({ type: 'waiting', line: waitingLine(holder) } satisfies WorkerNotice);
  // A message for each phase, and at most every 100 ms within one: an edit at 1,000 articles counts 1,381 pages.
  let said: { phase: string; at: number } | undefined;
  const onProgress = (progress: BuildProgress) => {
    const at = performance.now();
    if (said?.phase === progress.phase && at - said.at < 100) return;
    said = { phase: progress.phase, at };
    parentPort!.postMessage({ type: 'progress', progress } satisfies WorkerNotice);
  };
  // Watch is where editors write: drafts and scheduled articles are shown, marked as such.
  return builder.build({ onWait, onProgress, drafts: true }).then(
    (result) => parentPort!.postMessage({ type: 'built', pages: result.pages, rendered: result.rendered, ms: result.ms, warnings: result.warnings } satisfies WorkerReply),
    (error: unknown) => {
      // A fault is described as `build` describes it: the page, its content file and the template's frames.
      const reply: WorkerReply = error instanceof ContentError ? { type: 'failed', diagnostics: error.diagnostics } : { type: 'crashed', message: describeCrash(error) };
      parentPort!.postMessage(reply);
    },
  );
}

/** Posts what this worker made, for the next one. */
function handOver(): void {
  const work = builder.handover();
  if (work) parentPort!.postMessage({ type: 'handover', work } satisfies WorkerNotice);
}
