import { Worker } from 'node:worker_threads';
import type { Paths } from '../../config.ts';
import type { MarkdownFile } from '../../load/content.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import { threadEntry } from '../../runtime/compiled.ts';
import type { MarkdownWorker, RenderedPage, SharedRender } from '../markdownWork.tsx';
import type { MarkdownWorkerData, WorkerReply, WorkerRequest, WorkerResults } from './protocol.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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

/** Spreads markdown work over worker threads: each analyses, then renders, a share of the files. */
export class MarkdownPool implements MarkdownWorker {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  /** Which worker analysed each file (and keeps its pre-rendered body). */
  private readonly owner = new Map<string, number>();

  /** `files`: how many markdown files the pool will analyse (it sizes the workers' heaps); `base`: the path the site is published under. */
  constructor(paths: Paths, size: number, files: number, base: string) {
    const limits = workerHeapLimits(Math.ceil(files / size));
    this.workers = Array.from({ length: size }, () => {
      const thread = threadEntry(paths.root, 'markdownWorker');
      // Source maps are a thread's own setting: a worker's crash must point at src/ and templates/ too.
      const workerData = { ...thread.workerData, paths, base } satisfies MarkdownWorkerData & { entry: string };
      const worker = new Worker(thread.file, { workerData, resourceLimits: limits, execArgv: [...process.execArgv, '--enable-source-maps'] });
      worker.on('message', (reply: WorkerReply) => {
        const call = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if ('error' in reply) call?.reject(Object.assign(new Error(reply.error.message), reply.error));
        else call?.resolve(reply.result);
      });
      worker.on('error', (error) => {
        for (const call of this.pending.values()) call.reject(error);
        this.pending.clear();
      });
      return worker;
    });
  }

  private call<R extends DistributiveOmit<WorkerRequest, 'id'>>(index: number, request: R): Promise<WorkerResults[R['method']]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.workers[index]!.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  }

  async analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]> {
    const shards = this.workers.map(() => [] as MarkdownFile[]);
    files.forEach((f, i) => {
      shards[i % shards.length]!.push(f);
      this.owner.set(f.file, i % shards.length);
    });
    const results = await Promise.all(shards.map((shard, i) => this.call(i, { method: 'analyse', files: shard })));
    return files.map((_, i) => results[i % shards.length]![Math.floor(i / shards.length)]!);
  }

  /**
   * Renders pages in parallel (each worker writing its pages into `writeTo` when given);
   * results come back in the order of `docs`. A page goes to the worker that analysed its
   * file, which still has the body: only bodies from the cache travel.
   */
  async render(docs: AnalysedMarkdown[], shared: SharedRender, writeTo?: string): Promise<RenderedPage[]> {
    const shards = this.workers.map(() => [] as { doc: AnalysedMarkdown; at: number }[]);
    docs.forEach((doc, at) => {
      const owner = this.owner.get(doc.facts.file);
      shards[owner ?? at % shards.length]!.push({ doc: owner === undefined ? doc : { ...doc, body: undefined }, at });
    });
    const pages: RenderedPage[] = new Array(docs.length);
    await Promise.all(
      shards.map(async (shard, i) => {
        if (!shard.length) return;
        const rendered = await this.call(i, { method: 'render', docs: shard.map((s) => s.doc), shared, writeTo });
        rendered.forEach((page, j) => (pages[shard[j]!.at] = page));
      }),
    );
    return pages;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
