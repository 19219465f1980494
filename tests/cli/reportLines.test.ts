import { describe, expect, it } from 'vitest';
import { unreleasedLines } from '../../src/cli/report.ts';
import type { UnreleasedPages } from '../../src/hosting/buildMode.ts';

const HOW = "  to publish: remove a draft's `draft: true`; a scheduled page is published by the first build on its day (docs/editors/drafts.md)";

describe('what a build says it held back', () => {
  it('says nothing when every page is published', () => {
    expect(unreleasedLines({})).toEqual([]);
    expect(unreleasedLines({}, { drafts: true })).toEqual([]);
  });

  it('names each page with its mark, then how to publish it', () => {
    const one: UnreleasedPages = { '/articles/renewal-season': { status: 'draft' } };
    expect(unreleasedLines(one)).toEqual(['held back 1 page: /articles/renewal-season (draft)', HOW]);
    const two: UnreleasedPages = { ...one, '/articles/season-preview': { status: 'scheduled', date: '2026-12-15' } };
    expect(unreleasedLines(two, { run: 'check' })).toEqual([
      'a build holds back 2 pages: /articles/renewal-season (draft), /articles/season-preview (scheduled for 2026-12-15)',
      HOW,
    ]);
  });

  it('names five of many and counts the rest', () => {
    const many: UnreleasedPages = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/articles/draft-${i + 10}`, { status: 'draft' } as const]));
    const [line] = unreleasedLines(many);
    expect(line).toBe(
      'held back 12 pages: /articles/draft-10 (draft), /articles/draft-11 (draft), /articles/draft-12 (draft), /articles/draft-13 (draft), /articles/draft-14 (draft) and 7 more',
    );
  });

  it('holds nothing back in a build with drafts: it says they are shown, marked', () => {
    const two: UnreleasedPages = { '/articles/a': { status: 'draft' }, '/articles/b': { status: 'scheduled', date: '2026-12-15' } };
    expect(unreleasedLines(two, { drafts: true })).toEqual([
      '2 pages shown marked, which a plain build holds back: /articles/a (draft), /articles/b (scheduled for 2026-12-15)',
    ]);
  });

  it('shows a route with a control character escaped, as every path it prints', () => {
    const [line] = unreleasedLines({ '/articles/a\u001b[2Jb': { status: 'draft' } });
    expect(line).not.toContain('\u001b');
  });
});
