import { parentPort, workerData } from 'node:worker_threads';
import { setCompiled } from '../../runtime/compiled.ts';
import { loadSite } from '../loadDefinition.ts';
import { MarkdownWorkspace } from '../markdownWork.tsx';
import type { MarkdownWorkerData, WorkerReply, WorkerRequest } from './protocol.ts';

const { paths, base, compiled } = workerData as MarkdownWorkerData;
setCompiled(compiled);
const site = loadSite(paths.templates);
// It keeps the bodies it pre-rendered: the pool sends each page back to the worker that has its body.
const workspace = new MarkdownWorkspace(paths, () => site, base, false);

parentPort!.on('message', (request: WorkerRequest) => {
  const run = request.method === 'analyse' ? workspace.analyse(request.files) : workspace.render(request.docs, request.shared, request.writeTo);
  run.then(
    (result) => parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply),
    // The stack of the original fault (a template's), under the message that names the page.
    (error: Error) => parentPort!.postMessage({ id: request.id, error: { name: error.name, message: error.message, stack: (error.cause instanceof Error ? error.cause : error).stack } } satisfies WorkerReply),
  );
});
