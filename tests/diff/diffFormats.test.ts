import { describe, expect, it } from 'vitest';
import { compareSites } from '../../src/diff/compare.ts';
import { diffJson, diffMarkdown, diffText, MARKDOWN_LIST_LIMIT } from '../../src/diff/diffFormats.ts';
import { PAGE_MANIFEST_VERSION, type PageManifest } from '../../src/diff/pageManifest.ts';

const site = (pages: Record<string, string>, files: Record<string, string> = {}, assets: Record<string, string> = {}): PageManifest => ({ format: 'sitegen-pages', version: PAGE_MANIFEST_VERSION, pages, files, assets });
const NONE = { added: [], changed: [], removed: [] };
const PREVIEW = 'https://preview.example.com/previews/pr-42';

describe('comparing two sites', () => {
  it('sorts pages into added, changed and removed, and other files and assets apart', () => {
    const before = site({ '/': 'a', '/about': 'b', '/old': 'c' }, { '/feed.xml': 'f', '/images/x.svg': 'i' }, { '/assets/site-#.css': 's' });
    const after = site({ '/': 'a', '/about': 'B', '/new': 'n' }, { '/feed.xml': 'F', '/images/x.svg': 'i' }, { '/assets/site-#.css': 'S' });
    expect(compareSites(before, after)).toEqual({
      pages: { added: ['/new'], changed: ['/about'], removed: ['/old'] },
      files: { added: [], changed: ['/feed.xml'], removed: [] },
      assets: { added: [], changed: ['/assets/site-#.css'], removed: [] },
    });
  });
});

describe('diff formats', () => {
  const diff = compareSites(site({ '/about': 'b', '/old': 'c' }), site({ '/about': 'B', '/new': 'n' }, { '/robots.txt': 'r' }));

  it('text: counts, then a line per path; removed paths have no preview link', () => {
    expect(diffText(diff, { previewUrl: PREVIEW })).toBe([
      'pages: 1 added, 1 changed, 1 removed',
      `  + /new  ${PREVIEW}/new`,
      `  ~ /about  ${PREVIEW}/about`,
      '  - /old',
      'other files: 1 added, 0 changed, 0 removed',
      `  + /robots.txt  ${PREVIEW}/robots.txt`,
      '',
    ].join('\n'));
  });

  it('markdown: a heading with the counts and a list per kind, removed paths not linked', () => {
    expect(diffMarkdown(diff, { previewUrl: PREVIEW })).toBe([
      '### 1 page added, 1 page changed, 1 page removed, 1 other file changed',
      '',
      '**Added pages (1)**',
      '',
      `- [\`/new\`](${PREVIEW}/new)`,
      '',
      '**Changed pages (1)**',
      '',
      `- [\`/about\`](${PREVIEW}/about)`,
      '',
      '**Removed pages (1)**',
      '',
      '- `/old`',
      '',
      '**Added other files (1)**',
      '',
      `- [\`/robots.txt\`](${PREVIEW}/robots.txt)`,
      '',
    ].join('\n'));
    expect(diffMarkdown(diff)).toContain('\n- `/new`\n');
  });

  it(`markdown: a list longer than ${MARKDOWN_LIST_LIMIT} shows the first ${MARKDOWN_LIST_LIMIT} and says how many more`, () => {
    const routes = Array.from({ length: 250 }, (_, i) => `/articles/a-${String(i).padStart(3, '0')}`);
    const many = compareSites(site({}), site(Object.fromEntries(routes.map((r) => [r, 'x']))));
    const lines = diffMarkdown(many, { previewUrl: PREVIEW }).trimEnd().split('\n');
    expect(lines[0]).toBe('### 250 pages added');
    expect(lines.filter((l) => l.startsWith('- [')).length).toBe(MARKDOWN_LIST_LIMIT);
    expect(lines.at(-2)).toBe(`- [\`/articles/a-099\`](${PREVIEW}/articles/a-099)`);
    expect(lines.at(-1)).toBe('- … and 150 more');
  });

  it('lists changed assets by their name without hash, never as links (that name is no address)', () => {
    const styled = compareSites(site({ '/': 'a' }, {}, { '/assets/site-#.css': 's' }), site({ '/': 'a' }, {}, { '/assets/site-#.css': 'S' }));
    expect(diffText(styled, { previewUrl: PREVIEW })).toBe('assets: 0 added, 1 changed, 0 removed\n  ~ /assets/site-#.css\n');
    expect(diffMarkdown(styled, { previewUrl: PREVIEW })).toBe('### 1 asset changed\n\n**Changed assets (1)**\n\n- `/assets/site-#.css`\n');
  });

  it('says when nothing changed, in every format', () => {
    const none = compareSites(site({ '/': 'a' }), site({ '/': 'a' }));
    expect(diffText(none)).toBe('no page, other file or asset changed\n');
    expect(diffMarkdown(none)).toBe('### No page, other file or asset changed\n');
    expect(JSON.parse(diffJson(none))).toEqual({ pages: NONE, files: NONE, assets: NONE });
  });
});
