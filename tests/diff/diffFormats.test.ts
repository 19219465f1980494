import type { Html, InlineCode, Link, List, Nodes, Paragraph } from 'mdast';
import { describe, expect, it } from 'vitest';
import { compareSites } from '../../src/diff/compare.ts';
import { ASSETS_LISTED, diffJson, diffMarkdown, diffText, MARKDOWN_FOLD_OVER, MARKDOWN_LIST_LIMIT } from '../../src/diff/diffFormats.ts';
import { manifestText, PAGE_MANIFEST_VERSION, publishedManifest, type PageManifest } from '../../src/diff/pageManifest.ts';
import { PLAIN_BUILD } from '../../src/hosting/buildMode.ts';
import { HIDDEN, HOSTILE_NAMES, hostileNames, markdownTree, visible } from '../helpers/hostileText.ts';

const site = (
  pages: Record<string, string>,
  files: Record<string, string> = {},
  assets: Record<string, string> = {},
  more: Partial<PageManifest> = {},
): PageManifest => ({ format: 'sitegen-pages', version: PAGE_MANIFEST_VERSION, pages, files, assets, ...more });
const NONE = { added: [], changed: [], removed: [] };
const PREVIEW = 'https://preview.example.com/previews/pr-42';
const record = (list: string[], value: string) => Object.fromEntries(list.map((name) => [name, value]));

describe('comparing two sites', () => {
  it('sorts pages into added, changed and removed, other files and assets apart, and gives every path its kind', () => {
    const before = site(
      { '/': 'a', '/about': 'b', '/old': 'c' },
      { '/feed.xml': 'f', '/images/x.svg': 'i' },
      { '/assets/site-#.css': 's', '/assets/blog/#/cards/0.json': 'c' },
    );
    const after = site(
      { '/': 'a', '/about': 'B', '/new': 'n' },
      { '/feed.xml': 'F', '/images/x.svg': 'I' },
      {
        '/assets/site-#.css': 'S',
        '/assets/blog/#/cards/0.json': 'C',
        '/assets/props/NavMenus-#.json': 'p',
        '/assets/img/#/x-640.webp': 'w',
        '/assets/island-Faq-#.js': 'j',
      },
    );
    expect(compareSites(before, after)).toEqual({
      pages: { added: ['/new'], changed: ['/about'], removed: ['/old'] },
      files: { added: [], changed: ['/feed.xml', '/images/x.svg'], removed: [] },
      assets: {
        added: ['/assets/img/#/x-640.webp', '/assets/island-Faq-#.js', '/assets/props/NavMenus-#.json'],
        changed: ['/assets/blog/#/cards/0.json', '/assets/site-#.css'],
        removed: [],
      },
      kinds: {
        pages: { '/new': 'page', '/about': 'page', '/old': 'page' },
        files: { '/feed.xml': 'site-file', '/images/x.svg': 'public' },
        assets: {
          '/assets/img/#/x-640.webp': 'image',
          '/assets/island-Faq-#.js': 'script',
          '/assets/props/NavMenus-#.json': 'props',
          '/assets/blog/#/cards/0.json': 'data',
          '/assets/site-#.css': 'stylesheet',
        },
      },
      unreleased: {},
      unpublished: [],
    });
  });

  it('marks the drafts and scheduled pages it lists, and lists those a plain build left out that the old side did not', () => {
    const draft = { status: 'draft' } as const;
    const scheduled = { status: 'scheduled', date: '2026-03-02' } as const;
    // A preview with drafts: they are pages like any other, marked.
    const preview = site({ '/': 'a', '/articles/d': 'd', '/articles/s': 's' }, {}, {}, { unreleased: { '/articles/d': draft, '/articles/s': scheduled } });
    expect(compareSites(site({ '/': 'a' }), preview)).toMatchObject({
      pages: { added: ['/articles/d', '/articles/s'] },
      unreleased: { '/articles/d': draft, '/articles/s': scheduled },
      unpublished: [],
    });
    // A plain build: they are left out, and listed apart; one the old side left out alike is not news.
    const plain = site({ '/': 'a' }, {}, {}, { unreleased: { '/articles/d': draft, '/articles/s': scheduled, '/articles/old': draft } });
    const live = site({ '/': 'a' }, {}, {}, { unreleased: { '/articles/old': draft, '/articles/s': draft } });
    expect(compareSites(live, plain)).toMatchObject({
      pages: NONE,
      unreleased: { '/articles/d': draft, '/articles/s': scheduled },
      unpublished: ['/articles/d', '/articles/s'],
    });
    // A draft removed from a preview is marked as the old side had it.
    expect(compareSites(preview, site({ '/': 'a' }))).toMatchObject({
      pages: { removed: ['/articles/d', '/articles/s'] },
      unreleased: { '/articles/d': draft, '/articles/s': scheduled },
    });
  });

  it('tells the same from the manifest publish leaves beside a live site, which names no page the site leaves out', () => {
    const draft = { status: 'draft' } as const;
    const scheduled = { status: 'scheduled', date: '2026-03-02' } as const;
    const live = site({ '/': 'a' }, {}, {}, { unreleased: { '/articles/old': draft, '/articles/s': draft } });
    const published = publishedManifest(live);
    // Anyone may read it: an unannounced page's address is not in it, nor its release.
    expect(manifestText(published)).not.toMatch(/articles|draft/);
    expect(published).toMatchObject({ version: PAGE_MANIFEST_VERSION, heldBack: [expect.any(String), expect.any(String)] });
    const plain = site({ '/': 'a' }, {}, {}, { unreleased: { '/articles/d': draft, '/articles/s': scheduled, '/articles/old': draft } });
    expect(compareSites(published, plain)).toEqual(compareSites(live, plain));
    expect(compareSites(published, plain).unpublished).toEqual(['/articles/d', '/articles/s']);
    // A preview publishes its drafts: they stay named, as its pages are.
    const preview = site({ '/': 'a', '/articles/d': 'd' }, {}, {}, { unreleased: { '/articles/d': draft } });
    expect(publishedManifest(preview)).toEqual(preview);
  });
});

describe('diff formats', () => {
  const diff = compareSites(site({ '/about': 'b', '/old': 'c' }), site({ '/about': 'B', '/new': 'n' }, { '/robots.txt': 'r' }));

  it('text: counts, then a line per path; removed paths have no preview link', () => {
    expect(diffText(diff, { previewUrl: PREVIEW })).toBe(
      [
        'pages: 1 added, 1 changed, 1 removed',
        `  + /new  ${PREVIEW}/new`,
        `  ~ /about  ${PREVIEW}/about`,
        '  - /old',
        'other files: 1 added',
        `  + /robots.txt  ${PREVIEW}/robots.txt`,
        '',
      ].join('\n'),
    );
  });

  it('markdown: a heading with the counts and a list per kind, removed paths not linked', () => {
    expect(diffMarkdown(diff, { previewUrl: PREVIEW })).toBe(
      [
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
      ].join('\n'),
    );
    expect(diffMarkdown(diff)).toContain('\n- `/new`\n');
  });

  it(`markdown: a list longer than ${MARKDOWN_FOLD_OVER} is folded, and one longer than ${MARKDOWN_LIST_LIMIT} shows the first ${MARKDOWN_LIST_LIMIT} and says how many more`, () => {
    const routes = Array.from({ length: 250 }, (_, i) => `/articles/a-${String(i).padStart(3, '0')}`);
    const many = compareSites(site({}), site(Object.fromEntries(routes.map((r) => [r, 'x']))));
    const lines = diffMarkdown(many, { previewUrl: PREVIEW }).trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual(['### 250 pages added', '', '<details><summary>Added pages (250)</summary>', '']);
    expect(lines.filter((l) => l.startsWith('- [')).length).toBe(MARKDOWN_LIST_LIMIT);
    expect(lines.slice(-4)).toEqual([`- [\`/articles/a-099\`](${PREVIEW}/articles/a-099)`, '- … and 150 more', '', '</details>']);
    const eleven = compareSites(site({}), site(Object.fromEntries(routes.slice(0, MARKDOWN_FOLD_OVER).map((r) => [r, 'x']))));
    expect(diffMarkdown(eleven)).toContain(`**Added pages (${MARKDOWN_FOLD_OVER})**`);
  });

  it(`names up to ${ASSETS_LISTED} assets of a kind, never as links (that name is no address), and counts more in one line`, () => {
    const styled = compareSites(site({ '/': 'a' }, {}, { '/assets/site-#.css': 's' }), site({ '/': 'a' }, {}, { '/assets/site-#.css': 'S' }));
    expect(diffText(styled, { previewUrl: PREVIEW })).toBe('stylesheet: 1 changed\n  ~ /assets/site-#.css\n');
    expect(diffMarkdown(styled, { previewUrl: PREVIEW })).toBe('### 1 asset changed\n\n**Assets**\n\n- stylesheet: 1 changed: `/assets/site-#.css`\n');
    const scripts = Array.from({ length: ASSETS_LISTED + 1 }, (_, i) => `/assets/island-I${i}-#.js`);
    const rebuilt = compareSites(site({ '/': 'a' }), site({ '/': 'a' }, {}, record(scripts, 'x')));
    expect(diffText(rebuilt)).toBe(`scripts: ${ASSETS_LISTED + 1} added\n`);
    expect(diffMarkdown(rebuilt)).toBe(`### ${ASSETS_LISTED + 1} assets changed\n\n**Assets**\n\n- scripts: ${ASSETS_LISTED + 1} added\n`);
  });

  it('counts data files and island props in one line each, whatever their number', () => {
    const data = compareSites(
      site({ '/': 'a' }, {}, { '/assets/blog/#/words/ab.json': '1', '/assets/props/NavMenus-#.json': 'p' }),
      site({ '/': 'a' }, {}, { '/assets/blog/#/words/ab.json': '2', '/assets/blog/#/words/cd.json': '3', '/assets/props/NavMenus-#.json': 'P' }),
    );
    expect(diffText(data)).toBe('island props: 1 changed\ndata files in /assets/blog/#/: 1 added, 1 changed\n');
    expect(diffMarkdown(data)).toBe('### 3 assets changed\n\n**Assets**\n\n- island props: 1 changed\n- data files in `/assets/blog/#/`: 1 added, 1 changed\n');
  });

  it('marks drafts and scheduled pages, with the legend once, and lists the pages a plain build left out', () => {
    const unreleased = { '/articles/d': { status: 'draft' }, '/articles/s': { status: 'scheduled', date: '2026-03-02' } } as const;
    const preview = compareSites(site({ '/': 'a' }), site({ '/': 'b', '/articles/d': 'd', '/articles/s': 's' }, {}, {}, { unreleased }));
    expect(diffText(preview)).toBe(
      [
        'pages: 2 added, 1 changed',
        '  + /articles/d  (draft)',
        '  + /articles/s  (scheduled for 2026-03-02)',
        '  ~ /',
        '(draft): published once its `draft: true` is removed; (scheduled for DATE): published by the first build on or after that day',
        '',
      ].join('\n'),
    );
    expect(diffMarkdown(preview, { previewUrl: PREVIEW })).toBe(
      [
        '### 2 pages added, 1 page changed',
        '',
        '**Added pages (2)**',
        '',
        `- [\`/articles/d\`](${PREVIEW}/articles/d) *(draft)*`,
        `- [\`/articles/s\`](${PREVIEW}/articles/s) *(scheduled for 2026-03-02)*`,
        '',
        '**Changed pages (1)**',
        '',
        `- [\`/\`](${PREVIEW}/)`,
        '',
        '*(draft)*: published once its `draft: true` is removed; *(scheduled for DATE)*: published by the first build on or after that day.',
        '',
      ].join('\n'),
    );
    const plain = compareSites(site({ '/': 'a' }, {}, {}, { mode: PLAIN_BUILD }), site({ '/': 'b' }, {}, {}, { mode: PLAIN_BUILD, unreleased }));
    expect(diffText(plain, { previewUrl: PREVIEW })).toBe(
      [
        'pages: 1 changed',
        `  ~ /  ${PREVIEW}/`,
        'not published by merging (drafts and scheduled pages, shown by a --drafts preview): 2 pages',
        `    /articles/d  (draft)  ${PREVIEW}/articles/d`,
        `    /articles/s  (scheduled for 2026-03-02)  ${PREVIEW}/articles/s`,
        '(draft): published once its `draft: true` is removed; (scheduled for DATE): published by the first build on or after that day',
        '',
      ].join('\n'),
    );
    expect(diffMarkdown(plain)).toBe(
      [
        '### 1 page changed, 2 pages not published',
        '',
        '**Changed pages (1)**',
        '',
        '- `/`',
        '',
        '**Not published by merging: drafts and scheduled pages, in the preview (2)**',
        '',
        '- `/articles/d` *(draft)*',
        '- `/articles/s` *(scheduled for 2026-03-02)*',
        '',
        '*(draft)*: published once its `draft: true` is removed; *(scheduled for DATE)*: published by the first build on or after that day.',
        '',
      ].join('\n'),
    );
  });

  it('says when nothing changed, in every format', () => {
    const none = compareSites(site({ '/': 'a' }), site({ '/': 'a' }));
    expect(diffText(none)).toBe('no page, other file or asset changed\n');
    expect(diffMarkdown(none)).toBe('### No page, other file or asset changed\n');
    expect(JSON.parse(diffJson(none))).toEqual({
      pages: NONE,
      files: NONE,
      assets: NONE,
      kinds: { pages: {}, files: {}, assets: {} },
      unreleased: {},
      unpublished: [],
    });
  });
});

describe('diff formats with hostile file names', () => {
  // Names of output files (from public/, say) as the trial wrote them, and a seeded mix: added, changed and removed, pages, files and assets.
  const names = [...new Set([...HOSTILE_NAMES, ...hostileNames(7, 60)].map((name) => `/${name}`))];
  const third = Math.ceil(names.length / 3);
  const [added, changed, removed] = [names.slice(0, third), names.slice(third, 2 * third), names.slice(2 * third)];
  const before = { ...record(changed, 'old'), ...record(removed, 'gone') };
  const after = { ...record(added, 'new'), ...record(changed, 'new') };
  // Every page a draft: its mark follows each name.
  const drafts = (pages: Record<string, string>) => ({
    unreleased: Object.fromEntries(Object.keys(pages).map((name) => [name, { status: 'draft' } as const])),
  });
  const hostile = compareSites(site(before, before, before, drafts(before)), site(after, after, after, drafts(after)));
  /** A path as a URL's path, each part percent-encoded (RFC 3986's reserved characters too). */
  const encoded = (name: string) =>
    name
      .split('/')
      .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
      .join('/');
  const all = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(all) : [])];
  const counts = `${added.length} added, ${changed.length} changed, ${removed.length} removed`;

  it('text: one line per page and file, shown with its control characters escaped, and a preview link that is one URL; assets counted', () => {
    const sorted = (list: string[]) => [...list].sort();
    const group = (noun: string, mark: string) => [
      `${noun}: ${counts}`,
      ...sorted(added).map((name) => `  + ${visible(name)}${mark}  ${PREVIEW}${encoded(name)}`),
      ...sorted(changed).map((name) => `  ~ ${visible(name)}${mark}  ${PREVIEW}${encoded(name)}`),
      ...sorted(removed).map((name) => `  - ${visible(name)}${mark}`),
    ];
    const lines = diffText(hostile, { previewUrl: PREVIEW }).trimEnd().split('\n');
    expect(lines.slice(0, -1)).toEqual([...group('pages', '  (draft)'), ...group('other files', ''), `other assets: ${counts}`]);
    for (const line of lines) expect(line).not.toMatch(HIDDEN);
  });

  it("markdown: each name is one list item holding it exactly in a code span; no link but the preview's, no HTML but the folds, nothing out of its list", () => {
    const tree = markdownTree(diffMarkdown(hostile, { previewUrl: PREVIEW }));
    const lists = tree.children.filter((n): n is List => n.type === 'list');
    // Added, changed and removed pages and other files, each folded; then the assets' line and the legend.
    expect(tree.children.map((n) => n.type)).toEqual([
      'heading',
      ...Array.from({ length: 6 }, () => ['html', 'list', 'html']).flat(),
      'paragraph',
      'list',
      'paragraph',
    ]);
    const sizes = [added.length, changed.length, removed.length];
    const folds = ['pages', 'other files'].flatMap((noun) => ['Added', 'Changed', 'Removed'].map((change, i) => `${change} ${noun} (${sizes[i]})`));
    expect(tree.children.filter((n): n is Html => n.type === 'html').map((n) => n.value)).toEqual(
      folds.flatMap((title) => [`<details><summary>${title}</summary>`, '</details>']),
    );
    const groups = [hostile.pages, hostile.files].flatMap((g) => [g.added, g.changed, g.removed]);
    expect(lists.slice(0, 6).map((list) => list.children.length)).toEqual(groups.map((g) => g.length));
    lists.slice(0, 6).forEach((list, i) => {
      const linked = i % 3 !== 2;
      list.children.forEach((item, j) => {
        const name = groups[i]![j]!;
        expect(item.children, name).toHaveLength(1);
        const [content, ...rest] = (item.children[0] as Paragraph).children;
        // A page's mark is text after its name, and nothing else.
        expect(
          rest.map((n) => n.type),
          name,
        ).toEqual(i < 3 ? ['text', 'emphasis'] : []);
        const code = linked ? (content as Link).children : [content];
        if (linked) expect((content as Link).url, name).toBe(`${PREVIEW}${encoded(name)}`);
        expect(code, name).toEqual([expect.objectContaining({ type: 'inlineCode', value: visible(name) })]);
      });
    });
    expect(lists[6]!.children).toHaveLength(1);
    const nodes = all(tree);
    expect(nodes.filter((n) => n.type === 'link').every((n) => (n as Link).url.startsWith(`${PREVIEW}/`))).toBe(true);
    expect(nodes.filter((n) => n.type === 'link')).toHaveLength(2 * (added.length + changed.length));
  });

  it('markdown: a few hostile assets and a hostile data folder are named in code spans that hold them exactly', () => {
    const few = HOSTILE_NAMES.slice(0, ASSETS_LISTED).map((name) => `/assets/${name}`);
    const folder = `/assets/${HOSTILE_NAMES[0]}/#/`;
    const diff = compareSites(site({ '/': 'a' }), site({ '/': 'a' }, {}, { ...record(few, 'x'), [`${folder}catalog.json`]: 'c' }));
    const tree = markdownTree(diffMarkdown(diff));
    const items = tree.children.filter((n): n is List => n.type === 'list').flatMap((list) => list.children);
    const codes = items.map((item) =>
      all(item)
        .filter((n): n is InlineCode => n.type === 'inlineCode')
        .map((n) => n.value),
    );
    expect(codes).toEqual([[visible(folder)], [...few].sort().map(visible)]);
    expect(all(tree).filter((n) => n.type === 'html' || n.type === 'link')).toEqual([]);
    for (const line of diffText(diff).split('\n')) expect(line).not.toMatch(HIDDEN);
  });
});
