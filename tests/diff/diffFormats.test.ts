import type { Link, List, Nodes, Paragraph } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compareSites } from '../../src/diff/compare.ts';
import { diffJson, diffMarkdown, diffText, MARKDOWN_LIST_LIMIT } from '../../src/diff/diffFormats.ts';
import { PAGE_MANIFEST_VERSION, type PageManifest } from '../../src/diff/pageManifest.ts';
import { HIDDEN, HOSTILE_NAMES, hostileNames, markdownTree, visible } from '../helpers/hostileText.ts';

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

describe('diff formats with hostile file names', () => {
  // Names of output files (from public/, say) as the trial wrote them, and a seeded mix: added, changed and removed, pages, files and assets.
  const names = [...new Set([...HOSTILE_NAMES, ...hostileNames(7, 60)].map((name) => `/${name}`))];
  const third = Math.ceil(names.length / 3);
  const [added, changed, removed] = [names.slice(0, third), names.slice(third, 2 * third), names.slice(2 * third)];
  const record = (list: string[], value: string) => Object.fromEntries(list.map((name) => [name, value]));
  const before = { ...record(changed, 'old'), ...record(removed, 'gone') };
  const after = { ...record(added, 'new'), ...record(changed, 'new') };
  const hostile = compareSites(site(before, before, before), site(after, after, after));
  /** A path as a URL's path, each part percent-encoded (RFC 3986's reserved characters too). */
  const encoded = (name: string) => name.split('/').map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
  const all = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(all) : [])];

  it('text: one line per name, shown with its control characters escaped, and a preview link that is one URL', () => {
    const sorted = (list: string[]) => [...list].sort();
    const group = (noun: string) => [
      `${noun}: ${added.length} added, ${changed.length} changed, ${removed.length} removed`,
      ...sorted(added).map((name) => `  + ${visible(name)}${noun === 'assets' ? '' : `  ${PREVIEW}${encoded(name)}`}`),
      ...sorted(changed).map((name) => `  ~ ${visible(name)}${noun === 'assets' ? '' : `  ${PREVIEW}${encoded(name)}`}`),
      ...sorted(removed).map((name) => `  - ${visible(name)}`),
    ];
    const lines = diffText(hostile, { previewUrl: PREVIEW }).trimEnd().split('\n');
    expect(lines).toEqual([...group('pages'), ...group('other files'), ...group('assets')]);
    for (const line of lines) expect(line).not.toMatch(HIDDEN);
  });

  it('markdown: each name is one list item holding it exactly in a code span; no link but the preview\'s, no HTML, nothing out of its list', () => {
    const tree = markdownTree(diffMarkdown(hostile, { previewUrl: PREVIEW }));
    const lists = tree.children.filter((n): n is List => n.type === 'list');
    // Added, changed and removed for pages, other files and assets: nine lists, in the order the diff gives.
    expect(tree.children.map((n) => n.type)).toEqual(['heading', ...Array.from({ length: 9 }, () => ['paragraph', 'list']).flat()]);
    const groups = [hostile.pages, hostile.files, hostile.assets].flatMap((g) => [g.added, g.changed, g.removed]);
    expect(lists.map((list) => list.children.length)).toEqual(groups.map((g) => g.length));
    lists.forEach((list, i) => {
      const linked = i < 6 && i % 3 !== 2;
      list.children.forEach((item, j) => {
        const name = groups[i]![j]!;
        expect(item.children, name).toHaveLength(1);
        const [content] = (item.children[0] as Paragraph).children;
        expect((item.children[0] as Paragraph).children, name).toHaveLength(1);
        const code = linked ? (content as Link).children : [content];
        if (linked) expect((content as Link).url, name).toBe(`${PREVIEW}${encoded(name)}`);
        expect(code, name).toEqual([expect.objectContaining({ type: 'inlineCode', value: visible(name) })]);
      });
    });
    const nodes = all(tree);
    expect(nodes.filter((n) => n.type === 'html')).toEqual([]);
    expect(nodes.filter((n) => n.type === 'link').every((n) => (n as Link).url.startsWith(`${PREVIEW}/`))).toBe(true);
    expect(nodes.filter((n) => n.type === 'link')).toHaveLength(2 * (added.length + changed.length));
  });
});
