import { parentPort, workerData } from 'node:worker_threads';
import type { Paths } from '../../config.ts';
import { setCompiled, type Compiled } from '../../runtime/compiled.ts';
import { loadTemplateSet } from '../loadDefinition.ts';
import { MarkdownWorkspace } from '../markdownWork.tsx';

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
const templates = loadTemplateSet(paths.templates);
// It keeps what it analysed: the pool sends each page back to the worker that has its body.
const workspace = new MarkdownWorkspace(paths, () => templates);

parentPort!.on('message', ({ id, method, args }: { id: number; method: 'analyse' | 'render'; args: unknown[] }) => {
  const run = method === 'analyse' ? workspace.analyse(...(args as Parameters<MarkdownWorkspace['analyse']>)) : workspace.render(...(args as Parameters<MarkdownWorkspace['render']>));
  run.then(
    (result) => parentPort!.postMessage({ id, result }),
    // The stack of the original fault (a template's), under the message that names the page.
    (error: Error) => parentPort!.postMessage({ id, error: { name: error.name, message: error.message, stack: (error.cause instanceof Error ? error.cause : error).stack } }),
  );
});
