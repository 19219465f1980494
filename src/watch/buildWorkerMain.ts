import { parentPort, workerData } from 'node:worker_threads';
import { Builder } from '../build/build.ts';
import { waitingLine, type LockHolder } from '../build/buildLock.ts';
import type { Paths } from '../config.ts';
import { setCompiled, type Compiled } from '../runtime/compiled.ts';
import { formatDiagnostics } from '../diagnosticFormats.ts';
import { ContentError } from '../diagnostics.ts';

export type WorkerRequest = { type: 'build'; publicChanged: boolean } | { type: 'stop' };
export type WorkerReply = { type: 'built'; pages: number; rendered: number; ms: number; warnings?: string } | { type: 'failed'; message: string; content: boolean };
/** Said while a build waits for another build of the project. */
export type WorkerNotice = { type: 'waiting'; line: string };

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
const builder = new Builder(paths);

parentPort!.on('message', (request: WorkerRequest) => {
  // esbuild's service is a child process that this thread must stop and reap: a terminated
  // worker leaves it running, or dead but never reaped (a zombie). The thread then ends on its own.
  if (request.type === 'stop') {
    return void import('esbuild')
      .then((esbuild) => esbuild.stop())
      // The service's exit reaches this thread a moment after the kill (it is reaped here, not by the main thread).
      .then(() => new Promise((resolve) => setTimeout(resolve, 250)))
      .finally(() => parentPort!.close());
  }
  if (request.publicChanged) builder.publicChanged();
  const onWait = (holder: LockHolder) => parentPort!.postMessage({ type: 'waiting', line: waitingLine(holder) } satisfies WorkerNotice);
  builder.build({ onWait }).then(
    (result) => {
      const warnings = result.warnings.length ? formatDiagnostics(result.warnings) : undefined;
      parentPort!.postMessage({ type: 'built', pages: result.pages, rendered: result.rendered, ms: result.ms, warnings } satisfies WorkerReply);
    },
    (error: unknown) => {
      const content = error instanceof ContentError;
      const message = content ? formatDiagnostics(error.diagnostics) : ((error as Error).stack ?? String(error));
      parentPort!.postMessage({ type: 'failed', message, content } satisfies WorkerReply);
    },
  );
});
