import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Paths } from '../../config.ts';
import type { MarkdownFile } from '../../load/content.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import { threadEntry } from '../../runtime/compiled.ts';
import type { EntryRender, MarkdownWorker, SharedRender } from '../markdownWork.tsx';
import type { RenderedPage } from '../pageRecord.ts';
import type { FolderSink } from '../pageSink.ts';
import { MarkdownCaller, type MarkdownWorkerData } from './protocol.ts';

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

/** How many files one call analyses: small enough that no thread ends long after the others, large enough that the calls cost little. */
const BATCH = 8;
/** Calls each worker has waiting, so that it starts its next batch without waiting for this thread to answer. */
const IN_FLIGHT = 2;
/** Who analysed a file: a worker (its index), or this thread. */
const HERE = -1;

/**
 * Spreads markdown work over worker threads and this one. Analysis hands out files in small
 * batches to whichever thread is free, so this thread works from the first file while the
 * workers load their code, and all end together; each page is then rendered by the thread that
 * analysed its file, which still has its body.
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
      // Source maps are a thread's own setting: a worker's crash must point at src/ and templates/ too.
      const workerData = { ...thread.workerData, paths, base } satisfies MarkdownWorkerData & { entry: string };
      return new Worker(thread.file, { workerData, resourceLimits: limits, execArgv: [...process.execArgv, '--enable-source-maps'] });
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
    const results: AnalysedMarkdown[] = new Array(files.length);
    let next = 0;
    let failed = false;
    /** The next batch's first index and its files, or undefined once every file is handed out (or a thread failed). */
    const take = (): [number, MarkdownFile[]] | undefined => {
      if (failed || next >= files.length) return undefined;
      const from = next;
      next = Math.min(files.length, next + BATCH);
      return [from, files.slice(from, next)];
    };
    const runs = async (who: number, analyse: (batch: MarkdownFile[]) => Promise<AnalysedMarkdown[]>, pause: boolean) => {
      try {
        for (let batch = take(); batch; batch = take()) {
          const [from, shard] = batch;
          (await analyse(shard)).forEach((result, i) => (results[from + i] = result));
          for (const { file } of shard) this.owner.set(file, who);
          // This thread lets the workers' answers in between its batches, so that their next batches leave at once.
          if (pause) await nextTurn();
        }
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    await Promise.all([
      ...this.callers.flatMap((caller, i) =>
        Array.from({ length: IN_FLIGHT }, () => runs(i, (shard) => caller.call({ method: 'analyse', files: shard }), false)),
      ),
      runs(HERE, (shard) => this.here.analyse(shard), true),
    ]);
    return results;
  }

  /**
   * Renders pages in parallel, each thread writing its pages into the sink's folder, each
   * answered under its output path. This thread renders `besides` other pages meanwhile (the
   * YAML pages): it takes what is left of its share, the pages of files it analysed first. A page
   * goes to the worker that analysed its file, which still has the body; other bodies travel.
   */
  async render(jobs: EntryRender[], shared: SharedRender, sink: FolderSink, besides = 0): Promise<RenderedPage[]> {
    const share = Math.max(0, Math.round((jobs.length + besides) / (this.workers.length + 1)) - besides);
    const ownerOf = (job: EntryRender) => this.owner.get(job.page.entry.file);
    const mine = [...jobs.filter((job) => ownerOf(job) === HERE), ...jobs.filter((job) => ownerOf(job) !== HERE)];
    const here = new Set(mine.slice(0, share));
    const shards = this.workers.map(() => [] as EntryRender[]);
    let away = 0;
    for (const job of jobs) {
      const owner = ownerOf(job);
      if (here.has(job)) continue;
      if (owner !== undefined && owner !== HERE) shards[owner]!.push({ page: job.page });
      else shards[away++ % shards.length]!.push(job);
    }
    const rendered = await Promise.all([
      ...shards.map((shard, i) => (shard.length ? this.callers[i]!.call({ method: 'render', jobs: shard, shared, folder: sink.dir }) : [])),
      here.size ? this.here.render([...here], shared, sink) : [],
    ]);
    return rendered.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
