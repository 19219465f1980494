import { parentPort, workerData } from 'node:worker_threads';
import { Builder } from '../build/build.ts';
import type { Paths } from '../config.ts';
import { setCompiled, type Compiled } from '../runtime/compiled.ts';
import { ContentError, formatDiagnostics } from '../diagnostics.ts';

export type WorkerRequest = { type: 'build'; publicChanged: boolean };
export type WorkerReply = { type: 'built'; pages: number; rendered: number; ms: number } | { type: 'failed'; message: string; content: boolean };

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
const builder = new Builder(paths);

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.publicChanged) builder.publicChanged();
  builder.build().then(
    (result) => parentPort!.postMessage({ type: 'built', pages: result.pages, rendered: result.rendered, ms: result.ms } satisfies WorkerReply),
    (error: unknown) => {
      const content = error instanceof ContentError;
      const message = content ? formatDiagnostics(error.diagnostics) : ((error as Error).stack ?? String(error));
      parentPort!.postMessage({ type: 'failed', message, content } satisfies WorkerReply);
    },
  );
});
