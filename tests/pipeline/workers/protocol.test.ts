import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../src/config.ts';
import { listMarkdown, readMarkdownFiles, type MarkdownFile } from '../../../src/load/content.ts';
import type { AnalysedMarkdown } from '../../../src/markdown/analysed.ts';
import { loadSite } from '../../../src/pipeline/loadDefinition.ts';
import { MarkdownWorkspace, type MarkdownWorker, type RenderedPage, type SharedRender } from '../../../src/pipeline/markdownWork.tsx';
import { answerCalls, MarkdownCaller } from '../../../src/pipeline/workers/protocol.ts';

let files: MarkdownFile[];
let workspace: MarkdownWorkspace;
beforeAll(async () => {
  const paths = resolvePaths();
  const site = loadSite(paths.templates);
  files = readMarkdownFiles((await listMarkdown(paths.content, (await site).definition)).markdown.slice(0, 3));
  workspace = new MarkdownWorkspace(paths, () => site, '');
}, 60_000);

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => c.port1.close()));

/** A caller and the worker's side of a channel, answering with `worker`. */
function connect(worker: MarkdownWorker): MarkdownCaller {
  const channel = new MessageChannel();
  channels.push(channel);
  answerCalls(channel.port1, worker);
  return new MarkdownCaller(channel.port2);
}

/** A page for each entry, named for its file, as a worker's render answers. */
const pageOf = (doc: AnalysedMarkdown, writeTo: string | undefined): RenderedPage => ({
  route: `/${doc.facts.file}`,
  outputPath: `${writeTo ?? 'out'}/${doc.facts.file}`,
  bytes: 1,
  islands: [],
  images: [],
  props: [],
  propsFiles: [],
  ms: 0,
});
const shared = {
  base: '/docs',
  year: 2026,
  today: '2026-11-26',
  preview: false,
  stylesheet: '/styles.css',
  loader: '/loader.js',
  islandUrls: [],
} as Partial<SharedRender> as SharedRender;

describe('the markdown worker channel', () => {
  it('carries each call to its method and brings back its result, as the workspace made it', async () => {
    const received: unknown[] = [];
    const caller = connect({
      analyse: (sent) => (received.push(sent), workspace.analyse(sent)),
      render: async (docs, sentShared, writeTo) => (received.push(sentShared), docs.map((doc) => pageOf(doc, writeTo))),
    });
    const analysed = await caller.call({ method: 'analyse', files });
    expect(received[0]).toStrictEqual(files);
    expect(analysed).toStrictEqual(await workspace.analyse(files));
    const pages = await caller.call({ method: 'render', docs: analysed, shared, writeTo: '/tmp/staging' });
    expect(received[1]).toStrictEqual(shared);
    expect(pages).toStrictEqual(analysed.map((doc) => pageOf(doc, '/tmp/staging')));
  });

  it('answers calls in flight to the calls that made them, whatever order they finish in', async () => {
    const caller = connect({
      analyse: async () => [],
      render: async (docs, _shared, writeTo) => {
        await new Promise((resolve) => setTimeout(resolve, writeTo === 'slow' ? 50 : 0));
        return docs.map((doc) => pageOf(doc, writeTo));
      },
    });
    const [doc] = await workspace.analyse(files.slice(0, 1));
    const [slow, quick] = await Promise.all(['slow', 'quick'].map((writeTo) => caller.call({ method: 'render', docs: [doc!], shared, writeTo })));
    expect(slow![0]!.outputPath).toMatch(/^slow\//);
    expect(quick![0]!.outputPath).toMatch(/^quick\//);
  });

  it('rejects a call whose method failed with the fault’s name and message, and the stack of its cause (the template’s)', async () => {
    const template = new TypeError('Cannot read properties of undefined (reading sponsor)');
    const caller = connect({
      analyse: async () => [],
      render: async () => {
        throw new Error('content/articles/value-banks.md: its page failed to render', { cause: template });
      },
    });
    const failure = caller.call({ method: 'render', docs: [], shared, writeTo: undefined });
    await expect(failure).rejects.toThrow('content/articles/value-banks.md: its page failed to render');
    await expect(failure).rejects.toMatchObject({ name: 'Error', stack: template.stack });
  });

  it('rejects a call whose result cannot be sent, rather than leave it waiting', async () => {
    const caller = connect({ analyse: async () => [{ facts: () => undefined } as unknown as AnalysedMarkdown], render: async () => [] });
    await expect(caller.call({ method: 'analyse', files: [] })).rejects.toMatchObject({ name: 'DataCloneError' });
  });

  it('rejects the calls in flight when the worker stops', async () => {
    const caller = connect({ analyse: () => new Promise(() => undefined), render: async () => [] });
    const waiting = caller.call({ method: 'analyse', files });
    caller.stopped(new Error('a markdown worker stopped (exit code 1)'));
    await expect(waiting).rejects.toThrow('exit code 1');
  });
});
