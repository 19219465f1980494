import { Worker } from 'node:worker_threads';
import type { Paths } from '../../config.ts';
import type { MarkdownFile } from '../../load/content.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import { threadEntry } from '../../runtime/compiled.ts';
import type { EntryRender, MarkdownWorker, SharedRender } from '../markdownWork.tsx';
import type { RenderedPage } from '../pageRecord.ts';
import type { FolderSink } from '../pageSink.ts';
import { MarkdownCaller, type MarkdownWorkerData } from './protocol.ts';
import { shareOut, shareRenders } from './sharing.ts';

/**
 * Heap limits for a worker analysing `files` markdown files. A large young generation lets the
 * parser's short-lived objects die there cheaply (scavenges are most of the garbage-collection
 * time). The old generation holds the worker's code and the pre-rendered body of each file it
 * analysed (64 MB plus 16 MB per 1,000 files leaves room enough that full collections stay rare):
 * bounded, it is collected early instead of growing towards the machine's memory.
 */
function workerHeapLimits(files: number): { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number } {
  return { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 64 + Math.ceil((16 * files) / 1000) };
}

/**
 * Spreads markdown work over worker threads and this one (`sharing.ts` says how): analysis hands
 * out files in small batches to whichever thread is free, so this thread works from the first
 * file while the workers load their code; rendering gives each page to the thread that analysed
 * its file, this one taking fewer beside the YAML pages.
 */
export class MarkdownPool implements MarkdownWorker {
  private readonly workers: Worker[];
  private readonly callers: MarkdownCaller[];
  /** Which thread analysed each file (and keeps its pre-rendered body). */
  private readonly owner = new Map<string, number>();

  /**
   * `size` workers beside `here` (this thread's workspace); `files`: how many markdown files the
   * pool will analyse (it sizes the workers' heaps); `base`: the path the site is published under.
   */
  constructor(
    paths: Paths,
    size: number,
    files: number,
    base: string,
    private readonly here: MarkdownWorker,
  ) {
    // Threads take files as they are free: any one of them may analyse most of them.
    const limits = workerHeapLimits(files);
    this.workers = Array.from({ length: size }, () => {
      const thread = threadEntry(paths.root, 'markdownWorker');
      const workerData = { ...thread.workerData, paths, base } satisfies MarkdownWorkerData & { entry: string };
      return new Worker(thread.file, { workerData, resourceLimits: limits });
    });
    this.callers = this.workers.map((worker) => {
      const caller = new MarkdownCaller(worker);
      worker.on('error', (error) => caller.stopped(error));
      // A worker that ends without an error (a template calling process.exit) answers nothing more.
      worker.on('exit', (code) => caller.stopped(new Error(`a markdown worker stopped (exit code ${code})`)));
      return caller;
    });
  }

  async analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]> {
    const workers = this.callers.map((caller) => (batch: MarkdownFile[]) => caller.call({ method: 'analyse', files: batch }));
    const { results, by } = await shareOut(files, (batch) => this.here.analyse(batch), workers);
    files.forEach(({ file }, i) => this.owner.set(file, by[i]!));
    return results;
  }

  /** Renders pages in parallel (see `shareRenders`), each thread writing its pages into the sink's folder, each answered under its output path. */
  async render(jobs: EntryRender[], shared: SharedRender, sink: FolderSink, besides = 0): Promise<RenderedPage[]> {
    const { here, shards } = shareRenders(jobs, (file) => this.owner.get(file), this.workers.length, besides);
    const rendered = await Promise.all([
      ...shards.map((shard, i) => (shard.length ? this.callers[i]!.call({ method: 'render', jobs: shard, shared, folder: sink.dir }) : [])),
      here.length ? this.here.render(here, shared, sink) : [],
    ]);
    return rendered.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
