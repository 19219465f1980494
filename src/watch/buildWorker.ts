import { parentPort, workerData } from 'node:worker_threads';
import { Builder } from '../pipeline/builder.ts';
import { waitingLine, type LockHolder } from '../pipeline/buildLock.ts';
import type { Paths } from '../config.ts';
import { compiled as compiledNow, setCompiled, type Compiled } from '../runtime/compiled.ts';
import { describeCrash } from '../diagnosticFormats.ts';
import { ContentError } from '../diagnostics.ts';
import { RenderError } from '../render/renderPage.tsx';
import type { BuildProgress } from '../progress.ts';
import type { BuildOutcome, BuildWorkerReply, BuildWorkerRequest } from './buildWorkerProtocol.ts';
import { sameContent } from '../write/sameFiles.ts';
import { WATCH_BUILDER } from './watchBuilder.ts';

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
const builder = new Builder(paths, WATCH_BUILDER);
builder.prepareAssets();
let turn: Promise<unknown> = Promise.resolve();
const say = (reply: BuildWorkerReply) => parentPort!.postMessage(reply);
/**
 * Requests are handled in turn: an adoption finishes before the build it is for. One that fails
 * (sitegen's own fault), or whose outcome cannot be sent (structured cloning refuses it), is said
 * as a crash, which ends the build watch waits for; the next request is handled still.
 */
const inTurn = (step: () => unknown) => void (turn = turn.then(step).catch((error: unknown) => say({ type: 'crashed', message: describeCrash(error) })));

parentPort!.on('message', (request: BuildWorkerRequest) => {
  switch (request.type) {
    case 'build':
      return inTurn(() => build(request));
    case 'adopt':
      return inTurn(() => builder.adopt(request.work));
    case 'templates':
      return inTurn(() => {
        setCompiled({ ...compiledNow()!, templates: request.dir });
        builder.changed('template');
      });
    case 'stop':
      return stop();
    default:
      return request satisfies never;
  }
});

/**
 * esbuild's service is a child process that this thread must stop and reap: a terminated worker
 * leaves it running, or dead but never reaped (a zombie). The thread then ends on its own, once
 * the last build has removed the versions it replaced and given up the lock.
 */
function stop(): void {
  say({ type: 'stopping' });
  void turn
    .then(() => builder.idle())
    .then(() => handOver())
    .then(() => import('esbuild'))
    .then((esbuild) => esbuild.stop())
    // The service's exit reaches this thread a moment after the kill (it is reaped here, not by the main thread).
    .then(() => new Promise((resolve) => setTimeout(resolve, 250)))
    .finally(() => parentPort!.close());
}

function build(request: Extract<BuildWorkerRequest, { type: 'build' }>): Promise<void> {
  for (const change of request.changes) builder.changed(change, change === 'content' ? request.contentChanged : []);
  const onWait = (holder: LockHolder) => say({ type: 'waiting', line: waitingLine(holder) });
  // A message for each phase, and at most every 100 ms within one: an edit at 1,000 articles counts 1,381 pages.
  let said: { phase: string; at: number } | undefined;
  const onProgress = (progress: BuildProgress) => {
    const at = performance.now();
    if (said?.phase === progress.phase && at - said.at < 100) return;
    said = { phase: progress.phase, at };
    say({ type: 'progress', progress });
  };
  // Watch is where editors write: drafts and scheduled articles are shown, marked as such.
  return builder.build({ onWait, onProgress, drafts: true }).then(
    (result) =>
      say({ type: 'built', pages: result.pages, rendered: result.rendered, ms: result.ms, warnings: result.warnings, changed: changedFiles(result.files) }),
    (error: unknown) => {
      // A fault is described as `build` describes it: the page, its content file and the template's frames.
      const outcome: BuildOutcome =
        error instanceof ContentError
          ? { type: 'failed', diagnostics: error.diagnostics }
          : { type: error instanceof RenderError ? 'faulted' : 'crashed', message: describeCrash(error) };
      say(outcome);
    },
  );
}

/** The generated files other than pages of this worker's last build. */
let lastFiles: Map<string, string | Uint8Array> | undefined;

/**
 * The generated files other than pages whose bytes differ from the last build's (undefined on the
 * first): what a build that renders no page changed, for watch to say.
 */
function changedFiles(files: Map<string, string | Uint8Array>): string[] | undefined {
  const others = new Map([...files].filter(([file]) => !file.endsWith('.html')));
  const last = lastFiles;
  lastFiles = others;
  return last && [...others].filter(([file, data]) => !sameContent(last.get(file), data)).map(([file]) => file);
}

/** Posts what this worker made, for the next one. */
function handOver(): void {
  const work = builder.handover();
  if (work) say({ type: 'handover', work });
}
