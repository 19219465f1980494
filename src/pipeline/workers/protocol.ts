import type { Paths } from '../../config.ts';
import type { MarkdownFile } from '../../load/content.ts';
import type { AnalysedMarkdown } from '../../markdown/analysed.ts';
import type { Compiled } from '../../runtime/compiled.ts';
import type { EntryRender, MarkdownWorker, SharedRender } from '../markdownWork.tsx';
import type { RenderedPage } from '../pageRecord.ts';
import { FolderSink } from '../pageSink.ts';

/** What a markdown worker thread starts with. */
export interface MarkdownWorkerData {
  paths: Paths;
  /** The path the site is published under: pre-rendered bodies are rendered under it. */
  base: string;
  compiled: Compiled | undefined;
}

/**
 * The markdown worker's channel: each method of `MarkdownWorker` by name, with what a call of it
 * carries and what it answers. The calls and answers below are derived from it.
 */
export interface MarkdownMethods {
  analyse: { args: { files: MarkdownFile[] }; result: AnalysedMarkdown[] };
  /** A worker writes the pages it renders into `folder` (the version being staged, whose page folders exist). */
  render: { args: { jobs: EntryRender[]; shared: SharedRender; folder: string }; result: RenderedPage[] };
}
type Method = keyof MarkdownMethods;

/** A call of a method, numbered so that its answer finds it. */
export type MarkdownCall = { [M in Method]: { id: number; method: M } & MarkdownMethods[M]['args'] }[Method];

/** A worker's error as data: structured cloning would lose its class, and its stack is the useful part. */
export interface WorkerFault {
  name: string;
  message: string;
  stack?: string;
  /** A system fault's code, path and call (a page written as the disk filled up), which the CLI says in one line. */
  code?: string;
  path?: string;
  syscall?: string;
}

/** The answer to a call: its method's result, or the fault that ended it. */
export type MarkdownAnswer =
  { [M in Method]: { id: number; method: M; result: MarkdownMethods[M]['result'] } }[Method] | { id: number; method: Method; fault: WorkerFault };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Waiting<T> = Map<number, { resolve: (result: T) => void; reject: (error: Error) => void }>;

/** One end of the channel: the worker thread's `parentPort`, or the `Worker` the pool holds (or a `MessagePort`). */
interface End<Sent, Received> {
  postMessage(message: Sent): void;
  on(event: 'message', listener: (message: Received) => void): unknown;
}

/** An error as data; a page's fault keeps the stack of the original one (a template's), under the message that names the page. */
function faultOf(error: unknown): WorkerFault {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const origin = error.cause instanceof Error ? error.cause : error;
  const { code, path, syscall } = origin as NodeJS.ErrnoException;
  return { name: error.name, message: error.message, stack: origin.stack, ...(code && { code }), ...(path && { path }), ...(syscall && { syscall }) };
}

/**
 * Answers the calls that arrive at `port` with `workspace`'s methods (in the worker thread). A
 * result that cannot be sent (structured cloning refuses it) is answered with that fault.
 */
export function answerCalls(port: End<MarkdownAnswer, MarkdownCall>, workspace: MarkdownWorker): void {
  port.on('message', (call) => {
    const { id, method } = call;
    const send = (answer: MarkdownAnswer) => {
      try {
        port.postMessage(answer);
      } catch (error) {
        port.postMessage({ id, method, fault: faultOf(error) });
      }
    };
    const answer = (run: Promise<MarkdownAnswer>) => run.then(send, (error: unknown) => send({ id, method, fault: faultOf(error) }));
    switch (call.method) {
      case 'analyse':
        return void answer(workspace.analyse(call.files).then((result) => ({ id, method: call.method, result })));
      case 'render':
        return void answer(
          workspace.render(call.jobs, call.shared, new FolderSink(call.folder)).then((result) => ({ id, method: call.method, result: propsOnce(result) })),
        );
      default:
        return call satisfies never;
    }
  });
}

/**
 * The pages of one answer with each props file's contents carried once, by the first page that
 * names it: the builder adds it to the output whichever page names it, and the rest would cross for nothing.
 */
function propsOnce(pages: RenderedPage[]): RenderedPage[] {
  const carried = new Set<string>();
  return pages.map((page) => ({ ...page, propsFiles: page.propsFiles.filter(([file]) => !carried.has(file) && Boolean(carried.add(file))) }));
}

/**
 * Calls a markdown worker's methods through `port`: each call resolves with its result, or rejects
 * with the worker's fault (an `Error` with its name, message and stack), or with the error that
 * stopped the worker (see `stopped`).
 */
export class MarkdownCaller {
  private readonly waiting: { [M in Method]: Waiting<MarkdownMethods[M]['result']> } = { analyse: new Map(), render: new Map() };
  private nextId = 0;

  constructor(private readonly port: End<MarkdownCall, MarkdownAnswer>) {
    port.on('message', (answer) => {
      switch (answer.method) {
        case 'analyse':
          return settle(this.waiting.analyse, answer);
        case 'render':
          return settle(this.waiting.render, answer);
        default:
          return answer satisfies never;
      }
    });
  }

  call<C extends DistributiveOmit<MarkdownCall, 'id'>>(call: C): Promise<MarkdownMethods[C['method']]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting[call.method].set(id, { resolve, reject });
      this.port.postMessage({ ...call, id } satisfies MarkdownCall);
    });
  }

  /** The worker ended (or failed) with calls unanswered: they fail with `error` rather than wait for ever. */
  stopped(error: Error): void {
    for (const waiting of Object.values(this.waiting)) {
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    }
  }
}

function settle<T>(waiting: Waiting<T>, answer: { id: number } & ({ result: T } | { fault: WorkerFault })): void {
  const call = waiting.get(answer.id);
  waiting.delete(answer.id);
  if ('fault' in answer) call?.reject(Object.assign(new Error(answer.fault.message), answer.fault));
  else call?.resolve(answer.result);
}
