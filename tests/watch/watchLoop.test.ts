import { describe, expect, it } from 'vitest';
import type { BuildOutcome } from '../../src/watch/buildWorkerProtocol.ts';
import { INITIAL, quiet, step, type LoopEffect, type LoopEvent, type LoopOptions, type LoopState } from '../../src/watch/watchLoop.ts';

const COMPILED: LoopOptions = { templatesInPlace: true };
const built: BuildOutcome = { type: 'built', pages: 47, rendered: 1, ms: 90, warnings: [] };
const faulted: BuildOutcome = { type: 'faulted', message: 'sitegen: content/pages/404.yaml: rendering /404 failed: the footer has no year' };
const crashed: BuildOutcome = { type: 'crashed', message: 'sitegen: the build worker stopped (exit code 3)' };
const ARTICLE = '/site/content/articles/value-banks.md';

/** Runs the events from `state`, and gives the state reached and every effect asked for, in order. */
function run(events: LoopEvent[], options = COMPILED, state: LoopState = INITIAL): { state: LoopState; effects: LoopEffect[] } {
  const effects: LoopEffect[] = [];
  for (const event of events) {
    const next = step(state, event, options);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

/** The builds among the effects, as `changes on worker (+ templates loaded)`. */
const builds = (effects: LoopEffect[]) =>
  effects.flatMap((e) =>
    e.type === 'build'
      ? [
          `${[...e.job.changes].sort().join('+') || 'nothing'}${e.job.contentChanged.length ? ` [${e.job.contentChanged.join(', ')}]` : ''} on ${e.fresh ? 'a fresh worker' : 'the worker'}${e.reloadTemplates ? ', templates loaded' : ''}`,
        ]
      : [],
  );
const finished = (outcome: BuildOutcome, workerSound = outcome.type !== 'crashed'): LoopEvent => ({ type: 'finished', outcome, workerSound });
const FIRST: LoopEvent[] = [{ type: 'start' }, finished(built)];

describe("watch's loop", () => {
  it('builds first on a fresh worker, then waits, quiet', () => {
    const { state, effects } = run(FIRST);
    expect(builds(effects)).toEqual(['nothing on a fresh worker']);
    expect(state).toMatchObject({ phase: 'idle', worker: 'ready' });
    expect(quiet(state)).toBe(true);
  });

  it('builds a burst of saves once, when they settle, with every content file named once', () => {
    const { state, effects } = run([
      ...FIRST,
      { type: 'changed', change: 'content', file: ARTICLE },
      { type: 'changed', change: 'content', file: ARTICLE },
      { type: 'changed', change: 'stylesheet', file: '/site/templates/styles.css' },
    ]);
    expect(builds(effects)).toHaveLength(1);
    expect(effects.filter((e) => e.type === 'arm-debounce')).toHaveLength(3);
    expect(quiet(state)).toBe(false);
    const settled = run([{ type: 'settled' }], COMPILED, state);
    expect(builds(settled.effects)).toEqual([`content+stylesheet [${ARTICLE}] on the worker`]);
    expect(settled.state.phase).toBe('building');
  });

  it('builds an edit saved while a build runs after that build, not during it, and not twice', () => {
    const { state, effects } = run([
      { type: 'start' },
      { type: 'changed', change: 'content', file: ARTICLE },
      { type: 'settled' },
      finished(built),
      { type: 'settled' },
    ]);
    expect(builds(effects)).toEqual(['nothing on a fresh worker', `content [${ARTICLE}] on the worker`]);
    expect(state.phase).toBe('building');
    expect(builds(run([finished(built), { type: 'settled' }], COMPILED, state).effects)).toEqual([]);
  });

  it('waits for the saves to settle after a build ends rather than build half an edit', () => {
    const { effects } = run([{ type: 'start' }, { type: 'changed', change: 'content', file: ARTICLE }, finished(built)]);
    expect(builds(effects)).toEqual(['nothing on a fresh worker']);
  });

  it('loads compiled templates into the worker, and needs a fresh one without them (tsx) or after a change of its code, retiring the old one first', () => {
    const template = { type: 'changed', change: 'template', file: '/site/templates/components/Footer.tsx' } as const;
    expect(builds(run([...FIRST, template, { type: 'settled' }]).effects)).toEqual(['nothing on a fresh worker', 'template on the worker, templates loaded']);
    const tsx = run([...FIRST, template, { type: 'settled' }], { templatesInPlace: false }).effects;
    expect(builds(tsx)).toEqual(['nothing on a fresh worker', 'template on a fresh worker']);
    const code = run([...FIRST, { type: 'changed', change: 'generator', file: '/site/src/pipeline/builder.ts' }, { type: 'settled' }]).effects;
    expect(code.slice(-2).map((e) => e.type)).toEqual(['retire-worker', 'build']);
    expect(builds(code).at(-1)).toBe('generator on a fresh worker');
  });

  it('keeps the worker after a template throws (the fix renders on it), and replaces it after a crash', () => {
    const fix = [{ type: 'changed', change: 'template', file: '/site/templates/components/Footer.tsx' }, { type: 'settled' }] as const;
    const afterFault = run([...FIRST, ...fix, finished(faulted), ...fix]);
    expect(afterFault.effects.filter((e) => e.type === 'retire-worker')).toEqual([]);
    expect(builds(afterFault.effects).at(-1)).toBe('template on the worker, templates loaded');
    const afterCrash = run([...FIRST, ...fix, finished(crashed), ...fix]);
    expect(afterCrash.effects.filter((e) => e.type === 'retire-worker')).toHaveLength(1);
    expect(builds(afterCrash.effects).at(-1)).toBe('template on a fresh worker');
    expect(afterCrash.effects.filter((e) => e.type === 'report').map((e) => e.type === 'report' && e.outcome.type)).toEqual(['built', 'crashed']);
  });

  it('keeps the changes of a build that never reached the worker (templates that do not compile), and builds them with the fix', () => {
    const article = { type: 'changed', change: 'content', file: ARTICLE } as const;
    const template = { type: 'changed', change: 'template', file: '/site/templates/components/Footer.tsx' } as const;
    const refused = run([...FIRST, article, template, { type: 'settled' }]);
    const job = refused.effects.find((e) => e.type === 'build' && e.reloadTemplates);
    expect(job?.type).toBe('build');
    const undelivered = job!.type === 'build' ? job!.job : undefined;
    const after = run([{ type: 'finished', outcome: crashed, workerSound: true, undelivered }], COMPILED, refused.state);
    // Not built again at once (it would fail the same way), and not forgotten.
    expect(builds(after.effects)).toEqual([]);
    expect(after.state.pending?.contentChanged).toEqual([ARTICLE]);
    expect(quiet(after.state)).toBe(true);
    const fixed = run([template, { type: 'settled' }], COMPILED, after.state);
    expect(builds(fixed.effects)).toEqual([`content+template [${ARTICLE}] on the worker, templates loaded`]);
  });

  it('tells each report what the build redid and what the preview showed before it, so that a success after a failure says the site is back', () => {
    const image = { type: 'changed', change: 'public', file: '/site/public/images/a.svg' } as const;
    const fix = [{ type: 'changed', change: 'template', file: '/site/templates/components/Footer.tsx' }, { type: 'settled' }] as const;
    const reports = (effects: LoopEffect[]) =>
      effects.flatMap((e) => (e.type === 'report' ? [`${e.outcome.type} of ${[...e.job.changes].join('+') || 'nothing'} after ${e.site}`] : []));
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

  it('stops the worker on close and does nothing after it, whatever arrives', () => {
    const closing = run([...FIRST, { type: 'changed', change: 'content', file: ARTICLE }, { type: 'close', now: true }]);
    expect(closing.effects.slice(-2)).toEqual([{ type: 'disarm-debounce' }, { type: 'stop-worker', now: true }]);
    const after = run(
      [{ type: 'settled' }, { type: 'changed', change: 'generator', file: '/site/src/x.ts' }, finished(built), { type: 'start' }],
      COMPILED,
      closing.state,
    );
    expect(after.effects).toEqual([]);
    expect(after.state.phase).toBe('closed');
    expect(quiet(after.state)).toBe(true);
  });
});
