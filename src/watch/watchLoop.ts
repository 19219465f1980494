import type { Change } from '../pipeline/betweenBuilds.ts';
import type { BuildOutcome } from './buildWorkerProtocol.ts';

/**
 * watch's loop as data: what it is doing, and a pure step from one state to the next on each
 * event, with the effects the step asks for (arm the debounce, build, retire the worker, report).
 * `watch.ts` performs the effects and feeds back what happened; this file decides.
 */

/**
 * What a build must redo: the changes seen, and the content files named (the worker trusts the
 * files it read until then); the files of public/ seen changing, for the terminal to name.
 */
export interface Job {
  changes: ReadonlySet<Change>;
  contentChanged: readonly string[];
  publicChanged: readonly string[];
}

/**
 * What the preview shows when a build ends: nothing yet (the first build runs), the last build's
 * site (`live`), an older site under the problems of the last build (`stale`), or only problems,
 * no build having succeeded (`broken`).
 */
export type SiteShown = 'starting' | 'live' | 'stale' | 'broken';

export interface LoopState {
  /** Waiting for a change, building, or stopped for good. */
  phase: 'idle' | 'building' | 'closed';
  /** The build worker: none (before the first build, or after it crashed or its code changed), or one that keeps what it built. */
  worker: 'none' | 'ready';
  /** Changes seen since the last build started. */
  pending: Job | undefined;
  /** `pending` waits for another change: the build that carried it never reached the worker. */
  held: boolean;
  /** The debounce is armed: files are still being saved. */
  settling: boolean;
  /** What the running build (or the last one) was asked to redo. */
  building: Job;
  /** What the preview showed before the running build: a build that succeeds after a failed one says the site is back. */
  site: SiteShown;
}

export type LoopEvent =
  /** watch started: the first build. */
  | { type: 'start' }
  | { type: 'changed'; change: Change; file: string }
  /** The debounce ran out: no file changed for a moment. */
  | { type: 'settled' }
  /**
   * The build ended; `workerSound`: whatever happened, the worker that ran it may build again;
   * `undelivered`: it never reached a worker (templates that do not compile), so its changes are still to build.
   */
  | { type: 'finished'; outcome: BuildOutcome; workerSound: boolean; undelivered?: Job }
  /** Stop watching; `now`: the user stopped watch, and the worker is ended mid-build if need be. */
  | { type: 'close'; now: boolean };

export type LoopEffect =
  | { type: 'arm-debounce' }
  | { type: 'disarm-debounce' }
  /** Ends the worker once it has finished and handed over what it made, for the next one. */
  | { type: 'retire-worker' }
  /**
   * Builds `job`: on a fresh worker (`fresh`), else on the one there is, after loading the
   * templates compiled again when `reloadTemplates`.
   */
  | { type: 'build'; job: Job; fresh: boolean; reloadTemplates: boolean }
  /** Says how a build of `job` ended; `site`: what the preview showed before it. */
  | { type: 'report'; outcome: BuildOutcome; job: Job; site: SiteShown }
  /** Ends the worker for good: at once (`now`), or once it has finished its build. */
  | { type: 'stop-worker'; now: boolean };

export interface LoopOptions {
  /** Templates are compiled apart and loaded into a running worker; else (tsx) a template edit needs a fresh worker. */
  templatesInPlace: boolean;
}

const NOTHING: Job = { changes: new Set(), contentChanged: [], publicChanged: [] };
export const INITIAL: LoopState = { phase: 'idle', worker: 'none', pending: undefined, held: false, settling: false, building: NOTHING, site: 'starting' };

/** The next state, and the effects to perform in order. */
export function step(state: LoopState, event: LoopEvent, options: LoopOptions): { state: LoopState; effects: LoopEffect[] } {
  if (state.phase === 'closed') return { state, effects: [] };
  switch (event.type) {
    case 'start':
      return startBuild(state, NOTHING, options);
    case 'changed': {
      const pending = merge(state.pending ?? NOTHING, {
        changes: new Set([event.change]),
        contentChanged: event.change === 'content' ? [event.file] : [],
        publicChanged: event.change === 'public' ? [event.file] : [],
      });
      // Each change arms the debounce again: a build starts once the saves stop.
      return { state: { ...state, pending, held: false, settling: true }, effects: [{ type: 'arm-debounce' }] };
    }
    case 'settled': {
      const settled = { ...state, settling: false };
      // Changes seen while a build runs are built after it.
      return settled.phase === 'idle' && settled.pending ? startBuild(settled, settled.pending, options) : { state: settled, effects: [] };
    }
    case 'finished': {
      const effects: LoopEffect[] = [{ type: 'report', outcome: event.outcome, job: state.building, site: state.site }];
      // Changes a build never delivered wait for the next one, with those seen since.
      const pending = event.undelivered ? merge(event.undelivered, state.pending ?? NOTHING) : state.pending;
      let next: LoopState = { ...state, phase: 'idle', pending, held: Boolean(event.undelivered), site: shownAfter(state.site, event.outcome) };
      if (!event.workerSound && state.worker === 'ready') {
        effects.push({ type: 'retire-worker' });
        next = { ...next, worker: 'none' };
      }
      // An undelivered build waits for another change: built again now, it would fail the same way.
      if (next.pending && !next.settling && !next.held) {
        const started = startBuild(next, next.pending, options);
        return { state: started.state, effects: [...effects, ...started.effects] };
      }
      return { state: next, effects };
    }
    case 'close':
      return {
        state: { ...state, phase: 'closed', pending: undefined, held: false, settling: false },
        effects: [{ type: 'disarm-debounce' }, ...(state.worker === 'ready' ? [{ type: 'stop-worker', now: event.now } as const] : [])],
      };
    default:
      return event satisfies never;
  }
}

/** Two sets of changes as one. */
const merge = (a: Job, b: Job): Job => ({
  changes: new Set([...a.changes, ...b.changes]),
  contentChanged: [...new Set([...a.contentChanged, ...b.contentChanged])],
  publicChanged: [...new Set([...a.publicChanged, ...b.publicChanged])],
});

/** What the preview shows once a build has ended: its site, or the site before it (if any) under its problems. */
function shownAfter(site: SiteShown, outcome: BuildOutcome): SiteShown {
  if (outcome.type === 'built') return 'live';
  return site === 'live' || site === 'stale' ? 'stale' : 'broken';
}

/** Starts a build of `job`: a change of the generator's code (or of templates it cannot load in place) needs a fresh worker. */
function startBuild(state: LoopState, job: Job, { templatesInPlace }: LoopOptions): { state: LoopState; effects: LoopEffect[] } {
  const stale = job.changes.has('generator') || (job.changes.has('template') && !templatesInPlace);
  const fresh = state.worker === 'none' || stale;
  const effects: LoopEffect[] = [];
  if (state.worker === 'ready' && stale) effects.push({ type: 'retire-worker' });
  effects.push({ type: 'build', job, fresh, reloadTemplates: !fresh && job.changes.has('template') });
  return { state: { ...state, phase: 'building', worker: 'ready', pending: undefined, held: false, building: job }, effects };
}

/** No build running, due or waiting for the debounce (changes held for the next one aside): what a test waiting for the last build waits for. */
export const quiet = (state: LoopState): boolean => state.phase !== 'building' && (!state.pending || state.held) && !state.settling;
