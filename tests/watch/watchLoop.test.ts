import { describe, expect, it } from 'vitest';
import type { Adopted } from '../../src/pipeline/builder.ts';
import type { BuildOutcome } from '../../src/watch/buildWorkerProtocol.ts';
import { INITIAL, quiet, step, type LoopEffect, type LoopEvent, type LoopOptions, type LoopState } from '../../src/watch/watchLoop.ts';

const COMPILED: LoopOptions = { templatesInPlace: true };
const built: BuildOutcome = { type: 'built', pages: 47, rendered: 1, ms: 90, warnings: [] };
const faulted: BuildOutcome = { type: 'faulted', message: 'sitegen: content/pages/404.yaml: rendering /404 failed: the footer has no year' };
const crashed: BuildOutcome = { type: 'crashed', message: 'sitegen: the build worker stopped (exit code 3)' };
const ARTICLE = '/site/content/articles/value-banks.md';
const WORK: Adopted = { code: 'a1b2c3', analyses: [], rendered: [], last: undefined };

/** An event, or one made from the state reached (the worker it is about). */
type Happening = LoopEvent | ((state: LoopState) => LoopEvent);

/**
 * Runs the events from `state`, and gives the state reached and every effect asked for, in order.
 * A worker started is ready at once, and templates to load are loaded at once, unless the test
 * says when (`ready`, `load` false).
 */
function run(
  events: Happening[],
  options = COMPILED,
  state: LoopState = INITIAL,
  { ready = true, load = true } = {},
): { state: LoopState; effects: LoopEffect[] } {
  const effects: LoopEffect[] = [];
  const queue = [...events];
  while (queue.length) {
    const happening = queue.shift()!;
    const next = step(state, typeof happening === 'function' ? happening(state) : happening, options);
    state = next.state;
    effects.push(...next.effects);
    const answers = next.effects.flatMap((e): LoopEvent[] => {
      if (e.type === 'start-worker' && ready) return [{ type: 'worker-ready', worker: e.worker, work: undefined }];
      if (e.type === 'load-templates' && load) return [{ type: 'templates-loaded', worker: e.worker }];
      return [];
    });
    queue.unshift(...answers);
  }
  return { state, effects };
}

/** The builds among the effects, as `changes on worker (+ templates loaded)`. */
function builds(effects: LoopEffect[]): string[] {
  const fresh = new Set<number>();
  const loaded = new Set<number>();
  return effects.flatMap((e) => {
    if (e.type === 'start-worker') fresh.add(e.worker);
    if (e.type === 'load-templates') loaded.add(e.worker);
    if (e.type !== 'build') return [];
    const named = e.job.contentChanged.length ? ` [${e.job.contentChanged.join(', ')}]` : '';
    const line = `${[...e.job.changes].sort().join('+') || 'nothing'}${named} on ${fresh.has(e.worker) ? 'a fresh worker' : 'the worker'}${loaded.has(e.worker) ? ', templates loaded' : ''}`;
    fresh.delete(e.worker);
    loaded.delete(e.worker);
    return [line];
  });
}
const reports = (effects: LoopEffect[]) =>
  effects.flatMap((e) => (e.type === 'report' ? [`${e.outcome.type} of ${[...e.job.changes].join('+') || 'nothing'} after ${e.site}`] : []));
const answers = (effects: LoopEffect[]) => effects.flatMap((e) => (e.type === 'answer' ? [e.outcome.type] : []));

/** The running build ends, on the worker that runs it. */
const finished =
  (outcome: BuildOutcome, workerSound = outcome.type !== 'crashed'): Happening =>
  (state) => ({ type: 'finished', worker: state.worker!, outcome, workerSound });
const FIRST: Happening[] = [{ type: 'start' }, finished(built)];
const template = { type: 'changed', change: 'template', file: '/site/templates/components/Footer.tsx' } as const;
const article = { type: 'changed', change: 'content', file: ARTICLE } as const;

describe("watch's loop", () => {
  it('builds first on a fresh worker, then waits, quiet', () => {
    const { state, effects } = run(FIRST);
    expect(builds(effects)).toEqual(['nothing on a fresh worker']);
    expect(state).toMatchObject({ phase: 'idle', worker: 1 });
    expect(quiet(state)).toBe(true);
  });

  it('builds a burst of saves once, when they settle, with every content file named once', () => {
    const { state, effects } = run([...FIRST, article, article, { type: 'changed', change: 'stylesheet', file: '/site/templates/styles.css' }]);
    expect(builds(effects)).toHaveLength(1);
    expect(effects.filter((e) => e.type === 'arm-debounce')).toHaveLength(3);
    expect(quiet(state)).toBe(false);
    const settled = run([{ type: 'settled' }], COMPILED, state);
    expect(builds(settled.effects)).toEqual([`content+stylesheet [${ARTICLE}] on the worker`]);
    expect(settled.state.phase).toBe('building');
  });

  it('builds an edit saved while a build runs after that build, not during it, and not twice', () => {
    const { state, effects } = run([{ type: 'start' }, article, { type: 'settled' }, finished(built), { type: 'settled' }]);
    expect(builds(effects)).toEqual(['nothing on a fresh worker', `content [${ARTICLE}] on the worker`]);
    expect(state.phase).toBe('building');
    expect(builds(run([finished(built), { type: 'settled' }], COMPILED, state).effects)).toEqual([]);
  });

  it('waits for the saves to settle after a build ends rather than build half an edit', () => {
    const { effects } = run([{ type: 'start' }, article, finished(built)]);
    expect(builds(effects)).toEqual(['nothing on a fresh worker']);
  });

  it('loads compiled templates into the worker, and needs a fresh one without them (tsx) or after a change of its code, retiring the old one first', () => {
    expect(builds(run([...FIRST, template, { type: 'settled' }]).effects)).toEqual(['nothing on a fresh worker', 'template on the worker, templates loaded']);
    const tsx = run([...FIRST, template, { type: 'settled' }], { templatesInPlace: false }).effects;
    expect(builds(tsx)).toEqual(['nothing on a fresh worker', 'template on a fresh worker']);
    const code = run([...FIRST, { type: 'changed', change: 'generator', file: '/site/src/pipeline/builder.ts' }, { type: 'settled' }]).effects;
    expect(code.slice(-3)).toMatchObject([
      { type: 'retire-worker', worker: 1 },
      { type: 'start-worker', worker: 2 },
      { type: 'build', worker: 2 },
    ]);
    expect(builds(code).at(-1)).toBe('generator on a fresh worker');
  });

  it('keeps the worker after a template throws (the fix renders on it), and replaces it after a crash', () => {
    const fix = [template, { type: 'settled' }] as const;
    const afterFault = run([...FIRST, ...fix, finished(faulted), ...fix]);
    expect(afterFault.effects.filter((e) => e.type === 'retire-worker')).toEqual([]);
    expect(builds(afterFault.effects).at(-1)).toBe('template on the worker, templates loaded');
    const afterCrash = run([...FIRST, ...fix, finished(crashed), ...fix]);
    expect(afterCrash.effects.filter((e) => e.type === 'retire-worker')).toEqual([{ type: 'retire-worker', worker: 1 }]);
    expect(builds(afterCrash.effects).at(-1)).toBe('template on a fresh worker');
    expect(reports(afterCrash.effects)).toEqual(['built of nothing after starting', 'crashed of template after live']);
  });

  it('keeps the changes of a build that never reached the worker (templates that do not compile), and builds them with the fix', () => {
    const refused = run([...FIRST, article, template, { type: 'settled' }], COMPILED, INITIAL, { load: false });
    expect(refused.state.phase).toBe('loading');
    expect(refused.effects.at(-1)).toEqual({ type: 'load-templates', worker: 1 });
    const after = run([{ type: 'templates-failed', worker: 1, message: 'templates/components/Footer.tsx:3:7: expected ";"' }], COMPILED, refused.state);
    expect(reports(after.effects)).toEqual(['crashed of content+template after live']);
    // Not built again at once (it would fail the same way), and not forgotten.
    expect(builds(after.effects)).toEqual([]);
    expect(after.state).toMatchObject({ phase: 'idle', worker: 1 });
    expect(after.state.pending?.contentChanged).toEqual([ARTICLE]);
    expect(quiet(after.state)).toBe(true);
    const fixed = run([template, { type: 'settled' }], COMPILED, after.state);
    expect(builds(fixed.effects)).toEqual([`content+template [${ARTICLE}] on the worker, templates loaded`]);
  });

  it('tells each report what the build redid and what the preview showed before it, so that a success after a failure says the site is back', () => {
    const image = { type: 'changed', change: 'public', file: '/site/public/images/a.svg' } as const;
    const fix = [template, { type: 'settled' }] as const;
    const session = run([...FIRST, image, { type: 'settled' }, finished(built), ...fix, finished(faulted), ...fix, finished(built)]);
    expect(reports(session.effects)).toEqual([
      'built of nothing after starting',
      'built of public after live',
      'faulted of template after live',
      'built of template after stale',
    ]);
    expect(session.effects.flatMap((e) => (e.type === 'build' ? [e.job.publicChanged] : []))).toEqual([[], ['/site/public/images/a.svg'], [], []]);
    // A first build that fails leaves nothing shown: its fix shows the site for the first time.
    const broken = run([{ type: 'start' }, finished(faulted), ...fix, finished(crashed, true), ...fix, finished(built)]);
    expect(reports(broken.effects)).toEqual(['faulted of nothing after starting', 'crashed of template after broken', 'built of template after broken']);
  });

  it('stops the worker on close and does nothing after it, whatever arrives, but end a worker that finishes starting', () => {
    const closing = run([...FIRST, article, { type: 'close', now: true }]);
    expect(closing.effects.slice(-2)).toEqual([{ type: 'disarm-debounce' }, { type: 'stop-worker', worker: 1, now: true }]);
    const after = run(
      [{ type: 'settled' }, { type: 'changed', change: 'generator', file: '/site/src/x.ts' }, finished(built), { type: 'start' }],
      COMPILED,
      closing.state,
    );
    expect(after.effects).toEqual([]);
    expect(after.state.phase).toBe('closed');
    expect(quiet(after.state)).toBe(true);
    const starting = run([{ type: 'start' }, { type: 'close', now: false }], COMPILED, INITIAL, { ready: false });
    const late = run([{ type: 'worker-ready', worker: 1, work: WORK }], COMPILED, starting.state);
    expect(late.effects).toEqual([{ type: 'stop-worker', worker: 1, now: true }]);
  });

  describe("owns each worker's life", () => {
    it('ends the build of a worker that ended as it started (code that throws as it loads) as a crash, builds nothing on it, and starts another for the next change', () => {
      const starting = run([{ type: 'start' }], COMPILED, INITIAL, { ready: false });
      expect(starting.state).toMatchObject({ phase: 'starting', worker: 1 });
      const ended = run([{ type: 'worker-ended', worker: 1, message: crashed.message }], COMPILED, starting.state);
      expect(reports(ended.effects)).toEqual(['crashed of nothing after starting']);
      expect(answers(ended.effects)).toEqual(['crashed']);
      expect(ended.state).toMatchObject({ phase: 'idle', worker: undefined, site: 'broken' });
      // Its start, heard late, builds nothing: what is left of it goes.
      const late = run([{ type: 'worker-ready', worker: 1, work: WORK }], COMPILED, ended.state);
      expect(late.effects).toEqual([{ type: 'stop-worker', worker: 1, now: true }]);
      const next = run([article, { type: 'settled' }], COMPILED, late.state, { ready: false });
      expect(next.effects.filter((e) => e.type === 'start-worker' || e.type === 'retire-worker')).toEqual([{ type: 'start-worker', worker: 2 }]);
    });

    it('builds a fresh worker once it is ready, with what the retired one handed over, and does not take the retired one ending for a crash', () => {
      const generator = { type: 'changed', change: 'generator', file: '/site/src/pipeline/builder.ts' } as const;
      const replacing = run([generator, { type: 'settled' }], COMPILED, run(FIRST).state, { ready: false });
      expect(replacing.state).toMatchObject({ phase: 'starting', worker: 2 });
      const retiredEnds = run(
        [
          { type: 'worker-ended', worker: 1, message: 'sitegen: the build worker stopped (exit code 0)' },
          { type: 'finished', worker: 1, outcome: crashed, workerSound: false },
        ],
        COMPILED,
        replacing.state,
      );
      expect(retiredEnds.effects).toEqual([]);
      expect(retiredEnds.state).toEqual(replacing.state);
      const ready = run([{ type: 'worker-ready', worker: 2, work: WORK }], COMPILED, retiredEnds.state);
      expect(ready.effects).toEqual([{ type: 'build', worker: 2, job: replacing.state.building, adopt: WORK }]);
      expect(ready.state.phase).toBe('building');
      // The build running is the fresh worker's: a word from the retired one does not end it.
      expect(run([{ type: 'finished', worker: 1, outcome: built, workerSound: true }], COMPILED, ready.state).effects).toEqual([]);
    });

    it('ends the build of a worker gone mid-build as a crash without retiring it, and forgets a worker gone between builds', () => {
      const running = run([...FIRST, article, { type: 'settled' }]);
      const gone = run([{ type: 'worker-ended', worker: 1, message: crashed.message }], COMPILED, running.state);
      expect(reports(gone.effects)).toEqual([`crashed of content after live`]);
      expect(gone.effects.filter((e) => e.type === 'retire-worker' || e.type === 'stop-worker')).toEqual([]);
      expect(gone.state).toMatchObject({ phase: 'idle', worker: undefined, site: 'stale' });
      const idle = run([{ type: 'worker-ended', worker: 1, message: crashed.message }, article, { type: 'settled' }], COMPILED, run(FIRST).state);
      expect(reports(idle.effects)).toEqual([]);
      expect(builds(idle.effects)).toEqual([`content [${ARTICLE}] on a fresh worker`]);
    });

    it('loads templates changed during a build after it, and builds nothing when the worker ends while they compile', () => {
      const running = run([...FIRST, article, { type: 'settled' }, template], COMPILED, INITIAL, { load: false });
      // Heard while a build runs, a load that is not awaited builds nothing.
      expect(run([{ type: 'templates-loaded', worker: 1 }], COMPILED, running.state).effects).toEqual([]);
      const after = run([finished(built), { type: 'settled' }], COMPILED, running.state, { load: false });
      expect(after.effects.at(-1)).toEqual({ type: 'load-templates', worker: 1 });
      expect(after.state.phase).toBe('loading');
      const ended = run(
        [
          { type: 'worker-ended', worker: 1, message: crashed.message },
          { type: 'templates-loaded', worker: 1 },
        ],
        COMPILED,
        after.state,
      );
      expect(reports(ended.effects)).toEqual(['crashed of template after live']);
      expect(builds(ended.effects)).toEqual([]);
    });
  });

  describe('answers those waiting for a build', () => {
    it('once no build is running, due or settling, and no file is still followed, with how the last build ended, once', () => {
      const following = { type: 'following', files: true } as const;
      const session = run([{ type: 'start' }, article, finished(faulted)]);
      // A change still settling: its build is due.
      expect(answers(session.effects)).toEqual([]);
      const rebuilt = run([{ type: 'settled' }, following, finished(built)], COMPILED, session.state);
      // A file still followed may be reported changed once more.
      expect(answers(rebuilt.effects)).toEqual([]);
      const done = run([{ type: 'following', files: false }], COMPILED, rebuilt.state);
      expect(done.effects).toEqual([{ type: 'answer', outcome: built }]);
      expect(answers(run([following, { type: 'following', files: false }], COMPILED, done.state).effects)).toEqual([]);
    });
  });
});
