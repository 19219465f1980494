import { describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { warning } from '../../src/diagnostics.ts';
import { BUILT_LINE, builtLines, type BuildContext } from '../../src/watch/buildReport.ts';
import type { BuildOutcome } from '../../src/watch/buildWorkerProtocol.ts';
import type { Job } from '../../src/watch/watchLoop.ts';
import type { Change } from '../../src/pipeline/betweenBuilds.ts';

type Built = Extract<BuildOutcome, { type: 'built' }>;

const paths = resolvePaths({ root: '/site' });
const URL = 'http://localhost:4173';
const built = (fields: Partial<Built> = {}): Built => ({ type: 'built', pages: 47, rendered: 0, ms: 93.6, warnings: [], changed: [], ...fields });
const job = (changes: Change[], publicChanged: string[] = []): Job => ({ changes: new Set(changes), contentChanged: [], publicChanged });
const after = (j: Job, site: BuildContext['site'] = 'live'): BuildContext => ({ job: j, site, url: URL, paths });

describe('what watch says when a build succeeds', () => {
  it('counts the pages its first build rendered, and those an edit rendered again', () => {
    expect(builtLines(built({ rendered: 47 }), after(job([]), 'starting'))).toEqual(['rebuilt 47 of 47 pages in 94 ms']);
    expect(builtLines(built({ rendered: 1 }), after(job(['content'])))).toEqual(['rebuilt 1 of 47 pages in 94 ms']);
  });

  it('says a stylesheet edit rebuilt the stylesheet and reloaded every page, not that it rendered 0 pages', () => {
    expect(builtLines(built({ changed: ['assets/site.css'] }), after(job(['stylesheet'])))).toEqual([
      'stylesheet rebuilt (/assets/site.css), every page reloaded in 94 ms',
    ]);
    // A comment edit leaves the same bytes: the stylesheet was compiled again all the same.
    expect(builtLines(built(), after(job(['stylesheet'])))).toEqual(['stylesheet rebuilt (/assets/site.css), every page reloaded in 94 ms']);
  });

  it('names the data files and the files of public/ a build changed without rendering a page, three of them and the rest counted', () => {
    expect(builtLines(built({ changed: ['search.json'] }), after(job(['content'])))).toEqual(['/search.json updated, every page reloaded in 94 ms']);
    const files = ['a.svg', 'b.svg', 'c.svg', 'd.svg'].map((name) => `/site/public/images/${name}`);
    expect(builtLines(built(), after(job(['public'], files)))).toEqual([
      'public/images/a.svg, public/images/b.svg, public/images/c.svg and 1 more file updated, every page reloaded in 94 ms',
    ]);
  });

  it('says nothing changed when neither a page nor another file did', () => {
    expect(builtLines(built(), after(job(['content'])))).toEqual(['no page or file changed in 94 ms (47 pages as they were)']);
  });

  it('says the problems are fixed and the site is back after a build that failed', () => {
    expect(builtLines(built(), after(job(['template']), 'stale'))).toEqual([
      'no page or file changed in 94 ms (47 pages as they were)',
      'fixed: no problems left, the site is live again at http://localhost:4173',
    ]);
    // Its first build failed: the site was never shown before.
    expect(builtLines(built({ rendered: 47 }), after(job(['content']), 'broken')).at(-1)).toBe(
      'fixed: no problems left, the site is live at http://localhost:4173',
    );
    const bareUrl = warning('content/articles/value-banks.md', { line: 9, column: 14 }, 'markdown/bare-url', 'a bare URL');
    expect(builtLines(built({ rendered: 1, warnings: [bareUrl] }), after(job(['content']), 'stale')).at(-1)).toBe(
      'fixed: no errors left (1 warning above), the site is live again at http://localhost:4173',
    );
    expect(builtLines(built({ rendered: 1 }), after(job(['content']))).some((line) => line.startsWith('fixed'))).toBe(false);
  });

  it('ends each build with a line that waiters can match, in every form', () => {
    const lines = [
      builtLines(built({ rendered: 1 }), after(job(['content'])))[0],
      builtLines(built(), after(job(['stylesheet'])))[0],
      builtLines(built(), after(job(['content'])))[0],
    ];
    for (const line of lines) expect(line).toMatch(BUILT_LINE);
    expect('fixed: no problems left, the site is live again at http://localhost:4173').not.toMatch(BUILT_LINE);
  });
});
