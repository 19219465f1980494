import type { Change } from '../pipeline/betweenBuilds.ts';
import type { Adopted } from '../pipeline/builder.ts';
import type { BuildOutcome } from './buildWorkerProtocol.ts';

/**
 * watch's loop as data: what it is doing, which worker builds, and a pure step from one state to
 * the next on each event, with the effects the step asks for (arm the debounce, start or retire a
 * worker, load templates, build, report, answer). `watch.ts` performs the effects and feeds back
 * what happened; this file decides.
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
  /**
   * Waiting for a change; a build waiting for its worker to start (`starting`) or for the
   * templates compiled again (`loading`); a build running; or stopped for good.
   */
  phase: 'idle' | 'starting' | 'loading' | 'building' | 'closed';
  /**
   * The worker builds go to, by number (the nth started): none before the first build, or after
   * it crashed, ended or its code changed. A worker is the current one from the moment it is
   * started: one that ends as it starts ends the build it was started for.
   */
  worker: number | undefined;
  /** How many workers were started: the next one is numbered one more. */
  started: number;
  /** Changes seen since the last build started. */
  pending: Job | undefined;
  /** `pending` waits for another change: the build that carried it never reached the worker. */
  held: boolean;
  /** The debounce is armed: files are still being saved. */
  settling: boolean;
  /** A changed file is still to be looked at again, and may be reported once more (fileChanges.ts). */
  following: boolean;
  /** What the running build (or the last one) was asked to redo. */
  building: Job;
  /** What the preview showed before the running build: a build that succeeds after a failed one says the site is back. */
  site: SiteShown;
  /** How the last build ended, until watch is quiet and those waiting for it are told. */
  unanswered: BuildOutcome | undefined;
}

export type LoopEvent =
  /** watch started: the first build. */
  | { type: 'start' }
  | { type: 'changed'; change: Change; file: string }
  /** Whether a changed file is still to be looked at again. */
  | { type: 'following'; files: boolean }
  /** The debounce ran out: no file changed for a moment. */
  | { type: 'settled' }
  /** A worker started, and the one it replaces has handed over what it made (`work`). */
  | { type: 'worker-ready'; worker: number; work: Adopted | undefined }
  /** The templates were compiled again and loaded into the worker. */
  | { type: 'templates-loaded'; worker: number }
  /** The templates did not compile (`message` says where): the worker keeps the ones it has. */
  | { type: 'templates-failed'; worker: number; message: string }
  /** A build ended; `workerSound`: whatever happened, the worker that ran it may build again. */
  | { type: 'finished'; worker: number; outcome: BuildOutcome; workerSound: boolean }
  /** A worker ended by itself, or could not be started (its code does not compile): `message` says how. */
  | { type: 'worker-ended'; worker: number; message: string }
  /** Stop watching; `now`: the user stopped watch, and the worker is ended mid-build if need be. */
  | { type: 'close'; now: boolean };

export type LoopEffect =
  | { type: 'arm-debounce' }
  | { type: 'disarm-debounce' }
  /**
   * Compiles the generator's code as it is now and starts `worker` on it, which is ready once the
   * worker retired before it has handed over (the new one compiles and loads while the old stops).
   */
  | { type: 'start-worker'; worker: number }
  /** Ends the worker once it has finished and handed over what it made, for the next one. */
  | { type: 'retire-worker'; worker: number }
  /** Compiles the templates again and, when that made new ones, has the worker load them. */
  | { type: 'load-templates'; worker: number }
  /** Builds `job` on the worker, after it takes over `adopt` (what the worker before it made). */
  | { type: 'build'; worker: number; job: Job; adopt?: Adopted }
  /** Says how a build of `job` ended; `site`: what the preview showed before it. */
  | { type: 'report'; outcome: BuildOutcome; job: Job; site: SiteShown }
  /** Ends the worker for good: at once (`now`), or once it has finished its build. */
  | { type: 'stop-worker'; worker: number; now: boolean }
  /** Tells those waiting for a build (`nextBuild`) how the last one ended: watch is quiet. */
  | { type: 'answer'; outcome: BuildOutcome };

export interface LoopOptions {
  /** Templates are compiled apart and loaded into a running worker; else (tsx) a template edit needs a fresh worker. */
  templatesInPlace: boolean;
}

type Next = { state: LoopState; effects: LoopEffect[] };

const NOTHING: Job = { changes: new Set(), contentChanged: [], publicChanged: [] };
export const INITIAL: LoopState = {
  phase: 'idle',
  worker: undefined,
  started: 0,
  pending: undefined,
  held: false,
  settling: false,
  following: false,
  building: NOTHING,
  site: 'starting',
  unanswered: undefined,
};

/** The next state, and the effects to perform in order. */
export function step(state: LoopState, event: LoopEvent, options: LoopOptions): Next {
  if (state.phase === 'closed') {
    // A worker that finished starting after watch closed builds nothing, and keeps nothing alive.
    return { state, effects: event.type === 'worker-ready' ? [{ type: 'stop-worker', worker: event.worker, now: true }] : [] };
  }
  const next = transition(state, event, options);
  // Those waiting for a build are told once no build is running, due or waiting for the saves to settle.
  if (!next.state.unanswered || !quiet(next.state)) return next;
  return { state: { ...next.state, unanswered: undefined }, effects: [...next.effects, { type: 'answer', outcome: next.state.unanswered }] };
}

function transition(state: LoopState, event: LoopEvent, options: LoopOptions): Next {
  // Whether an event is about the build the loop waits for, on the worker it runs on (a retired worker's is not).
  const awaited = (phase: LoopState['phase'], worker: number) => state.phase === phase && state.worker === worker;
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
    case 'following':
      return { state: { ...state, following: event.files }, effects: [] };
    case 'settled': {
      const settled = { ...state, settling: false };
      // Changes seen while a build runs are built after it.
      return settled.phase === 'idle' && settled.pending ? startBuild(settled, settled.pending, options) : { state: settled, effects: [] };
    }
    case 'worker-ready':
      // A worker that ended as it started has already ended its build: whatever is left of it goes.
      if (!awaited('starting', event.worker)) return { state, effects: [{ type: 'stop-worker', worker: event.worker, now: true }] };
      return {
        state: { ...state, phase: 'building' },
        effects: [{ type: 'build', worker: event.worker, job: state.building, ...(event.work && { adopt: event.work }) }],
      };
    case 'templates-loaded':
      if (!awaited('loading', event.worker)) return { state, effects: [] };
      return { state: { ...state, phase: 'building' }, effects: [{ type: 'build', worker: event.worker, job: state.building }] };
    case 'templates-failed': {
      if (!awaited('loading', event.worker)) return { state, effects: [] };
      // The build never reached the worker: its changes wait for the next change (built again now, it would fail the same way).
      const held = { ...state, pending: merge(state.building, state.pending ?? NOTHING), held: true };
      return ended(held, { type: 'crashed', message: event.message }, 'sound', options);
    }
    case 'finished':
      if (!awaited('building', event.worker)) return { state, effects: [] };
      return ended(state, event.outcome, event.workerSound ? 'sound' : 'retire', options);
    case 'worker-ended':
      if (state.worker !== event.worker) return { state, effects: [] };
      // Gone between builds: the next build starts another.
      if (state.phase === 'idle') return { state: { ...state, worker: undefined }, effects: [] };
      // Gone mid-build, or as it started (a change of the generator that throws as it loads): says no more, and its build ends as a crash.
      return ended(state, { type: 'crashed', message: event.message }, 'gone', options);
    case 'close':
      return {
        state: { ...state, phase: 'closed', pending: undefined, held: false, settling: false },
        effects: [{ type: 'disarm-debounce' }, ...(state.worker === undefined ? [] : [{ type: 'stop-worker', worker: state.worker, now: event.now } as const])],
      };
    default:
      return event satisfies never;
  }
}

/**
 * The running build ended with `outcome`: it is reported, and the changes seen meanwhile are
 * built if they have settled. The worker is kept (`sound`), let go (`retire`), or already `gone`.
 */
function ended(state: LoopState, outcome: BuildOutcome, worker: 'sound' | 'retire' | 'gone', options: LoopOptions): Next {
  const effects: LoopEffect[] = [{ type: 'report', outcome, job: state.building, site: state.site }];
  if (worker === 'retire' && state.worker !== undefined) effects.push({ type: 'retire-worker', worker: state.worker });
  const next: LoopState = {
    ...state,
    phase: 'idle',
    worker: worker === 'sound' ? state.worker : undefined,
    site: shownAfter(state.site, outcome),
    unanswered: outcome,
  };
  if (!next.pending || next.settling || next.held) return { state: next, effects };
  const started = startBuild(next, next.pending, options);
  return { state: started.state, effects: [...effects, ...started.effects] };
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

/**
 * Starts a build of `job`: on the worker there is, after loading the templates compiled again when
 * they changed; or on a fresh one, when there is none or its code changed (or templates changed
 * that it cannot load in place), retiring the old one.
 */
function startBuild(state: LoopState, job: Job, { templatesInPlace }: LoopOptions): Next {
  const building = { ...state, pending: undefined, held: false, building: job };
  const stale = job.changes.has('generator') || (job.changes.has('template') && !templatesInPlace);
  if (state.worker !== undefined && !stale) {
    const worker = state.worker;
    return job.changes.has('template')
      ? { state: { ...building, phase: 'loading' }, effects: [{ type: 'load-templates', worker }] }
      : { state: { ...building, phase: 'building' }, effects: [{ type: 'build', worker, job }] };
  }
  const worker = state.started + 1;
  const effects: LoopEffect[] = state.worker === undefined ? [] : [{ type: 'retire-worker', worker: state.worker }];
  effects.push({ type: 'start-worker', worker });
  return { state: { ...building, phase: 'starting', worker, started: worker }, effects };
}

/** No build running, due or waiting for the saves to settle (changes held for the next one aside). */
export const quiet = (state: LoopState): boolean =>
  (state.phase === 'idle' || state.phase === 'closed') && (!state.pending || state.held) && !state.settling && !state.following;
