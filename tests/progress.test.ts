import { describe, expect, it } from 'vitest';
import { PROGRESS_LINE, progressReporter, progressText, QUIET_MS, type BuildProgress } from '../src/progress.ts';

/** A stream that records what is written, and a clock the test moves. */
function recorder(isTTY: boolean) {
  const written: string[] = [];
  let time = 0;
  return { stream: { isTTY, write: (text: string) => written.push(text) > 0 }, written, now: () => time, advance: (ms: number) => (time += ms) };
}

const build: [number, BuildProgress][] = [
  [0, { phase: 'reading' }],
  [400, { phase: 'analysing', done: 0, total: 21 }],
  [700, { phase: 'validating' }],
  [100, { phase: 'rendering', done: 0, total: 3 }],
  [10, { phase: 'rendering', done: 1, total: 3 }],
  [200, { phase: 'rendering', done: 2, total: 3 }],
  [10, { phase: 'rendering', done: 3, total: 3 }],
  [10, { phase: 'images' }],
  [10, { phase: 'writing' }],
];

function play(isTTY: boolean, quiet = false) {
  const r = recorder(isTTY);
  const progress = progressReporter(r.stream, { quiet, now: r.now });
  for (const [ms, event] of build) {
    r.advance(ms);
    progress.update(event);
  }
  progress.done();
  return r.written;
}

describe('build progress', () => {
  it('on a terminal, is one line changed in place: every phase, counts at most every 100 ms, cleared at the end', () => {
    expect(play(true)).toEqual([
      '\r\x1b[Kreading content',
      '\r\x1b[Kanalysing 21 markdown files',
      '\r\x1b[Kvalidating content',
      '\r\x1b[Krendering pages 0/3',
      // 1/3 came 10 ms after 0/3: skipped; 3/3 10 ms after 2/3: skipped.
      '\r\x1b[Krendering pages 2/3',
      '\r\x1b[Kprocessing images',
      '\r\x1b[Kwriting the output',
      '\r\x1b[K',
    ]);
  });

  it('elsewhere (a CI log, a pipe), is one plain line for each phase that starts after the first second', () => {
    expect(QUIET_MS).toBe(1000);
    expect(play(false)).toEqual(['validating content\n', 'rendering pages 0/3\n', 'processing images\n', 'writing the output\n']);
  });

  it('says nothing when quiet (--format json and github) or when the build is quick', () => {
    expect(play(true, true)).toEqual([]);
    expect(play(false, true)).toEqual([]);
    const r = recorder(false);
    const progress = progressReporter(r.stream, { now: r.now });
    for (const [, event] of build) progress.update(event);
    progress.done();
    expect(r.written).toEqual([]);
  });

  it('matches PROGRESS_LINE, which tests use to set progress aside', () => {
    for (const line of play(false)) expect(line.trimEnd()).toMatch(PROGRESS_LINE);
    expect(build.map(([, event]) => progressText(event)).every((line) => PROGRESS_LINE.test(line))).toBe(true);
  });

  it('names one file in the singular', () => {
    expect(progressText({ phase: 'analysing', done: 0, total: 1 })).toBe('analysing 1 markdown file');
  });
});
