import type { Diagnostic } from '../diagnostics.ts';
import type { Change } from '../pipeline/betweenBuilds.ts';
import type { Adopted } from '../pipeline/builder.ts';
import type { BuildProgress } from '../progress.ts';

/**
 * The channel between watch and its build worker, one entry per message by name: what watch asks
 * of the worker, and what the worker says back (how each build ended, and notices meanwhile). The
 * messages each side sends and receives are derived from it.
 */
export interface BuildWorkerMessages {
  requests: {
    /**
     * Build, after the changes watch saw, each told to the builder: public/ and the stylesheet are
     * looked at again only when they changed, and the content files named (full paths) are read
     * again whatever their stat says.
     */
    build: { changes: BuildChange[]; contentChanged: string[] };
    /** Take over what the worker this one replaces made (before the first build). */
    adopt: { work: Adopted };
    /** Load the templates compiled again into `dir` (a compiled worker, after an edit of templates). */
    templates: { dir: string };
    /** Finish the last build, hand over what was made, and end. */
    stop: Record<never, never>;
  };
  replies: {
    /**
     * Each build is answered with one of `built`, `failed`, `faulted` and `crashed`. `changed`: the
     * generated files other than pages (the stylesheet, scripts, data files) whose bytes differ from
     * the worker's last build, paths in the output; none on its first build.
     */
    built: { pages: number; rendered: number; ms: number; warnings: Diagnostic[]; changed?: string[] };
    /** The content has errors (every error and warning of the build). */
    failed: { diagnostics: Diagnostic[] };
    /**
     * A template threw while rendering a page: the build failed, and the worker and what it keeps
     * are sound (the error's stack, as for a crash).
     */
    faulted: { message: string };
    /** A worker or sitegen itself failed, or a template could not be loaded: the error's stack. */
    crashed: { message: string };
    /** A build waits for another build of the project. */
    waiting: { line: string };
    progress: { progress: BuildProgress };
    /** A stop was heard (said at once, so that a worker that says nothing is known to be stuck). */
    stopping: Record<never, never>;
    /** What this worker made, for the next one, once its last build is done. */
    handover: { work: Adopted };
  };
}

/**
 * The changes a build request names. A template change reaches the worker as `templates` (or as a
 * fresh worker, which loads them), and a change of the generator as a fresh worker.
 */
export type BuildChange = Exclude<Change, 'template' | 'generator'>;
export const namedInBuild = (change: Change): change is BuildChange => change !== 'template' && change !== 'generator';

type Messages<Map> = { [Name in keyof Map]: { type: Name } & Map[Name] }[keyof Map];

export type BuildWorkerRequest = Messages<BuildWorkerMessages['requests']>;
export type BuildWorkerReply = Messages<BuildWorkerMessages['replies']>;
/** How a build ended, as data: the watch loop decides how the terminal and the browser show it. */
export type BuildOutcome = Extract<BuildWorkerReply, { type: 'built' | 'failed' | 'faulted' | 'crashed' }>;
