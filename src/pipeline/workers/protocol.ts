import type { Paths } from '../../config.ts';
import type { MarkdownFile } from '../../load/content.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import type { Compiled } from '../../runtime/compiled.ts';
import type { RenderedPage, SharedRender } from '../markdownWork.tsx';

/** What a markdown worker thread starts with. */
export interface MarkdownWorkerData {
  paths: Paths;
  /** The path the site is published under: pre-rendered bodies are rendered under it. */
  base: string;
  compiled: Compiled | undefined;
}

/** The messages the builder sends a markdown worker: the two methods of `MarkdownWorker`, by name. */
export type WorkerRequest =
  | { id: number; method: 'analyse'; files: MarkdownFile[] }
  | { id: number; method: 'render'; docs: AnalysedMarkdown[]; shared: SharedRender; writeTo: string | undefined };

/** What each method answers. */
export interface WorkerResults {
  analyse: AnalysedMarkdown[];
  render: RenderedPage[];
}

/** A worker's error as data: structured cloning would lose its class, and its stack is the useful part. */
export interface WorkerFault {
  name: string;
  message: string;
  stack?: string;
}

export type WorkerReply = { id: number; result: WorkerResults[keyof WorkerResults] } | { id: number; error: WorkerFault };
