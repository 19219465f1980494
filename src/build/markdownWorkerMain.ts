import { parentPort, workerData } from 'node:worker_threads';
import type { Paths } from '../config.ts';
import { setCompiled, type Compiled } from '../runtime/compiled.ts';
import { loadTemplateSet } from './loadTemplates.ts';
import { MarkdownWorkspace, type AnalysedMarkdown, type SharedRender } from './markdownWorkspace.tsx';

const { paths, compiled } = workerData as { paths: Paths; compiled?: Compiled };
setCompiled(compiled);
const templates = loadTemplateSet(paths.templates);
// It keeps what it analysed: the pool sends each page back to the worker that has its body.
const workspace = new MarkdownWorkspace(paths, () => templates);

/** UTF-8 bytes in a buffer of their own (never Node's shared pool), so it can be handed over. */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** Pages travel as UTF-8 bytes whose buffers are handed over, not copied. */
async function renderAsBytes(docs: AnalysedMarkdown[], shared: SharedRender) {
  const pages = await workspace.render(docs, shared, ownBytes);
  return { result: pages, transfer: pages.map((page) => (page.html as Buffer).buffer as ArrayBuffer) };
}

parentPort!.on('message', ({ id, method, args }: { id: number; method: 'analyse' | 'render'; args: unknown[] }) => {
  const run =
    method === 'analyse'
      ? workspace.analyse(...(args as Parameters<MarkdownWorkspace['analyse']>)).then((result) => ({ result, transfer: [] }))
      : renderAsBytes(...(args as [AnalysedMarkdown[], SharedRender]));
  run.then(
    ({ result, transfer }) => parentPort!.postMessage({ id, result }, transfer),
    (error: Error) => parentPort!.postMessage({ id, error: error.stack ?? String(error) }),
  );
});
