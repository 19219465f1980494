import { availableParallelism } from 'node:os';
import type { Paths } from '../config.ts';
import type { MarkdownFile } from '../load/content.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { EntryRender, MarkdownWorkspace, SharedRender } from './markdownWork.tsx';
import type { RenderedPage } from './pageRecord.ts';
import { FolderSink, type PageSink } from './pageSink.ts';
import { MarkdownPool } from './workers/pool.ts';

/**
 * Where one build's markdown work runs: the builder's workspace, or worker threads for a large
 * site. The builder makes one for each build and closes it once rendering is done (`close`):
 * the phases use it, and none of them keeps it.
 */
export class MarkdownThreads {
  private pool?: MarkdownPool;

  constructor(
    private readonly paths: Paths,
    private readonly workspace: MarkdownWorkspace,
    /** How many files to analyse make worker threads worth starting. */
    private readonly threshold: number,
    private readonly base: string,
  ) {}

  /** The markdown files the content lists now: the workspace forgets what it kept of any other (deleted or renamed). */
  listed(files: ReadonlySet<string>): void {
    this.workspace.forgetAllBut(files);
  }

  /** Starts worker threads beside this one for `files` markdown files to analyse, unless they run already, or the files are too few, or the cores. */
  prepare(files: number): void {
    const workers = Math.min(availableParallelism(), 4) - 1;
    if (!this.pool && files >= this.threshold && workers > 0) this.pool = new MarkdownPool(this.paths, workers, files, this.base, this.workspace);
  }

  /** Whether pages render on worker threads, which write them into a folder: the new version must be open. */
  get threaded(): boolean {
    return this.pool !== undefined;
  }

  analyse(files: MarkdownFile[]): Promise<AnalysedMarkdown[]> {
    return (this.pool ?? this.workspace).analyse(files);
  }

  /**
   * Renders entries' pages into `sink`: on the threads that analysed them when the sink is a
   * folder workers can write into. This thread renders `besides` other pages meanwhile.
   */
  render(jobs: EntryRender[], shared: SharedRender, sink: PageSink, besides: number): Promise<RenderedPage[]> {
    return this.pool && sink instanceof FolderSink ? this.pool.render(jobs, shared, sink, besides) : this.workspace.render(jobs, shared, sink);
  }

  /** Ends the worker threads, giving their memory back. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}
