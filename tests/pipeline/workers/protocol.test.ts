import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../../src/config.ts';
import { listMarkdown, readMarkdownFiles, type MarkdownFile } from '../../../src/load/content.ts';
import type { AnalysedMarkdown } from '../../../src/markdown/analysed.ts';
import { loadSite } from '../../../src/pipeline/loadDefinition.ts';
import { MarkdownWorkspace, type EntryRender, type MarkdownWorker, type SharedRender } from '../../../src/pipeline/markdownWork.tsx';
import type { RenderedPage } from '../../../src/pipeline/pageRecord.ts';
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

/** An entry's page as the plan makes it, with its body. */
const jobOf = (doc: AnalysedMarkdown): EntryRender => ({
  page: {
    route: `/${doc.facts.slug}`,
    outputPath: `${doc.facts.slug}/index.html`,
    source: doc.facts.file,
    head: { route: `/${doc.facts.slug}`, title: doc.facts.slug, description: '' },
    inputs: doc.hash,
    madeBy: { collection: doc.facts.collection },
    entry: { collection: doc.facts.collection, file: doc.facts.file, hash: doc.hash, summary: { slug: doc.facts.slug }, headings: doc.facts.headings },
  },
  body: doc.body,
});

/** A page for each job, named for its file under the folder it was written into, as a worker's render answers. */
const pageOf = ({ page }: EntryRender, folder: string): RenderedPage => ({
  route: page.route,
  outputPath: `${folder}/${page.entry.file}`,
  bytes: 1,
  sha256: 'c'.repeat(64),
  islands: [],
  images: [],
  props: [],
  propsFiles: [],
  ms: 0,
});
const shared = {
  base: '/docs',
  year: 2026,
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
      render: async (jobs, sentShared, sink) => (received.push(jobs, sentShared), jobs.map((job) => pageOf(job, sink.dir))),
    });
    const analysed = await caller.call({ method: 'analyse', files });
    expect(received[0]).toStrictEqual(files);
    expect(analysed).toStrictEqual(await workspace.analyse(files));
    const jobs = analysed.map(jobOf);
    const pages = await caller.call({ method: 'render', jobs, shared, folder: '/tmp/staging' });
    expect(received[1]).toStrictEqual(jobs);
    expect(received[2]).toStrictEqual(shared);
    expect(pages).toStrictEqual(jobs.map((job) => pageOf(job, '/tmp/staging')));
  });

  it('answers calls in flight to the calls that made them, whatever order they finish in', async () => {
    const caller = connect({
      analyse: async () => [],
      render: async (jobs, _shared, sink) => {
        await new Promise((resolve) => setTimeout(resolve, sink.dir === 'slow' ? 50 : 0));
        return jobs.map((job) => pageOf(job, sink.dir));
      },
    });
    const [doc] = await workspace.analyse(files.slice(0, 1));
    const [slow, quick] = await Promise.all(['slow', 'quick'].map((folder) => caller.call({ method: 'render', jobs: [jobOf(doc!)], shared, folder })));
    expect(slow![0]!.outputPath).toMatch(/^slow\//);
    expect(quick![0]!.outputPath).toMatch(/^quick\//);
  });

  it('carries each props file’s contents once an answer, with the first page that names it', async () => {
    const menus: [string, string] = ['assets/props/menus-1.json', '{"menus":[]}'];
    const caller = connect({
      analyse: async () => [],
      render: async (jobs, _shared, sink) => jobs.map((job) => ({ ...pageOf(job, sink.dir), props: [menus[0]], propsFiles: [menus] })),
    });
    const docs = await workspace.analyse(files.slice(0, 2));
    const pages = await caller.call({ method: 'render', jobs: docs.map(jobOf), shared, folder: '/tmp/staging' });
    expect(pages.map((page) => page.props)).toEqual([[menus[0]], [menus[0]]]);
    expect(pages.map((page) => page.propsFiles)).toEqual([[menus], []]);
  });

  it('rejects a call whose method failed with the fault’s name and message, and the stack of its cause (the template’s)', async () => {
    const template = new TypeError('Cannot read properties of undefined (reading sponsor)');
    const caller = connect({
      analyse: async () => [],
      render: async () => {
        throw new Error('content/articles/value-banks.md: its page failed to render', { cause: template });
      },
    });
    const failure = caller.call({ method: 'render', jobs: [], shared, folder: '/tmp/staging' });
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
