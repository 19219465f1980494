import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleProject, NEW_ARTICLE, NEW_ARTICLE_FILE, UNRELEASED_ARTICLES } from '../helpers/newArticle.ts';
import { type Project } from '../helpers/project.ts';

/**
 * `sitegen diff` on the fixture site with a dozen synthetic articles and a redirect, built in a
 * private copy of the project (the real content is the editors' to change): as it is, with one
 * article's title edited, with one header link's label edited, with a stylesheet rule added
 * (which changes the stylesheet, and in pages only its hashed name), with a new article; then
 * with a draft and a scheduled article as well, plainly and as a pull request's preview.
 */
let project: Project;
const PREVIEW = 'https://preview.example.com/previews/pr-42';

async function buildInto(out: string) {
  const result = await project.run(['build', '--out', out]);
  expect(result.code, result.stderr).toBe(0);
}

/** Builds with one file changed, then puts it back. */
async function buildWith(rel: string, change: (text: string) => string, out: string) {
  let original = '';
  await project.edit(rel, (text) => ((original = text), change(text)));
  await buildInto(out);
  await project.edit(rel, () => original);
}

beforeAll(async () => {
  project = await exampleProject();
  await writeFile(project.file('content/redirects.yaml'), 'redirects:\n  - from: /pricing\n    to: /legal\n');
  await buildInto('base');
  await buildWith('content/articles/second-look.md', (t) => t.replace('title: A Second Look at Renewals', 'title: A Second Look at Renewal Deals'), 'article');
  await buildWith(
    'content/site.yaml',
    (t) =>
      t.replace(
        '- label: News & Insights\n          href: /news-insights\n          description:',
        '- label: News and Insights\n          href: /news-insights\n          description:',
      ),
    'header',
  );
  await buildWith('templates/styles.css', (t) => `${t}\nabbr[title] { text-decoration-style: dotted; }\n`, 'styles');
  await writeFile(project.file(NEW_ARTICLE_FILE), NEW_ARTICLE);
  await buildInto('added');
  for (const [file, text] of Object.entries(UNRELEASED_ARTICLES)) await writeFile(project.file(file), text);
  await buildInto('site');
  const preview = await project.run(['build', '--out', 'preview', '--drafts', '--base', '/previews/pr-42']);
  expect(preview.code, preview.stderr).toBe(0);
}, 480_000);
afterAll(async () => project?.remove());

const diff = async (...args: string[]) => {
  const result = await project.run(['diff', ...args]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
};
const json = async (...args: string[]) => JSON.parse(await diff(...args, '--format', 'json'));

/** Every page of a built folder by its route. */
async function routesOf(out: string): Promise<string[]> {
  const files = await readdir(project.file(out), { recursive: true });
  return files
    .filter((f) => f.endsWith('.html'))
    .map((f) => (f === 'index.html' ? '/' : `/${f.replace(/\/index\.html$/, '')}`))
    .sort();
}

describe('sitegen diff', () => {
  it('lists an edited article, the pages that show its title, and the feed', async () => {
    expect(await json('base', 'article')).toMatchObject({
      pages: {
        added: [],
        changed: [
          // The other Strategy articles show it under "related articles"; its category's page and the blog's first page list its card.
          '/articles/first-steps',
          '/articles/second-look',
          '/articles/synthetic-0',
          '/articles/synthetic-4',
          '/news-insights',
          '/news-insights/category/strategy',
        ],
        removed: [],
      },
      files: { added: [], changed: ['/feed.xml'], removed: [] },
      // The blog's search data, which holds the title: under its name without hash.
      assets: { added: [], changed: expect.arrayContaining(['/assets/blog/#/cards/0.json']), removed: expect.any(Array) },
    });
    const { assets, kinds } = await json('base', 'article');
    expect([...assets.changed, ...assets.removed, ...assets.added].every((name: string) => name.startsWith('/assets/blog/#/'))).toBe(true);
    // JSON keeps every file, with its kind.
    expect(new Set(Object.values(kinds.assets))).toEqual(new Set(['data']));
    expect(kinds.files).toEqual({ '/feed.xml': 'site-file' });
  });

  it('lists every page and the menus’ props files when a header link changes, and no other file', async () => {
    // /pricing is a redirect (content/redirects.yaml), the same in both: it is listed as one only when it changes.
    const all = (await routesOf('header')).filter((route) => route !== '/pricing');
    expect(all).toContain('/404.html');
    expect(all).toContain('/articles/synthetic-0');
    const menus = { added: [], changed: ['/assets/props/MobileMenu-#.json', '/assets/props/NavMenus-#.json'], removed: [] };
    expect(await json('base', 'header')).toMatchObject({
      pages: { added: [], changed: all, removed: [] },
      files: { added: [], changed: [], removed: [] },
      assets: menus,
    });
    expect(await diff('base', 'header')).toMatch(/\nisland props: 2 changed\n$/);
  });

  it('lists the stylesheet alone when a rule is added: the pages only point at its new name', async () => {
    const sheets = async (out: string) => (await readdir(project.file(`${out}/assets`))).filter((f) => f.endsWith('.css'));
    expect(await sheets('styles')).not.toEqual(await sheets('base'));
    expect(await diff('base', 'styles')).toBe('stylesheet: 1 changed\n  ~ /assets/site-#.css\n');
  });

  it('lists nothing between two builds of the same project, however their assets are named', async () => {
    expect(await diff('base', 'base')).toBe('no page, other file or asset changed\n');
  });

  it('prints one new article in a few lines: its page, the pages that list it, the feed and sitemap, and the search data in one line', async () => {
    const changed = [
      // Its category's articles show it among their related articles; the blog's pages and its category's page list its card.
      '/articles/first-steps',
      '/articles/second-look',
      '/articles/synthetic-0',
      '/articles/synthetic-4',
      '/news-insights',
      '/news-insights/category/strategy',
      '/news-insights/page/2',
    ];
    const { assets } = (await json('base', 'added')) as { assets: Record<'added' | 'changed' | 'removed', string[]> };
    expect(assets.removed).toEqual([]);
    const search = `data files in /assets/blog/#/: ${assets.added.length} added, ${assets.changed.length} changed`;
    const text = await diff('base', 'added', '--preview-url', `${PREVIEW}/`);
    expect(text).toBe(
      [
        'pages: 1 added, 7 changed',
        `  + /articles/renewal-conversations  ${PREVIEW}/articles/renewal-conversations`,
        ...changed.map((route) => `  ~ ${route}  ${PREVIEW}${route}`),
        'other files: 2 changed',
        `  ~ /feed.xml  ${PREVIEW}/feed.xml`,
        `  ~ /sitemap.xml  ${PREVIEW}/sitemap.xml`,
        search,
        '',
      ].join('\n'),
    );
    const markdown = await diff('base', 'added', '--format', 'markdown', '--preview-url', PREVIEW);
    expect(markdown).toBe(
      [
        `### 1 page added, 7 pages changed, 2 other files changed, ${assets.added.length + assets.changed.length} assets changed`,
        '',
        '**Added pages (1)**',
        '',
        `- [\`/articles/renewal-conversations\`](${PREVIEW}/articles/renewal-conversations)`,
        '',
        '**Changed pages (7)**',
        '',
        ...changed.map((route) => `- [\`${route}\`](${PREVIEW}${route})`),
        '',
        '**Changed other files (2)**',
        '',
        `- [\`/feed.xml\`](${PREVIEW}/feed.xml)`,
        `- [\`/sitemap.xml\`](${PREVIEW}/sitemap.xml)`,
        '',
        // Assets are named or counted, never linked: their names without hash are no address.
        '**Assets**',
        '',
        `- ${search.replace('/assets/blog/#/', '`/assets/blog/#/`')}`,
        '',
      ].join('\n'),
    );
    for (const output of [text, markdown]) expect(output.split('\n').length - 1).toBeLessThanOrEqual(40);
  });

  it('reads a page manifest in place of either folder, with the same result', async () => {
    await writeFile(project.file('base.json'), await diff('--manifest', 'base'));
    await writeFile(project.file('header.json'), await diff('--manifest', path.join(project.root, 'header')));
    const expected = await json('base', 'header');
    expect(await json('base.json', 'header')).toEqual(expected);
    expect(await json('base.json', 'header.json')).toEqual(expected);
    expect(await json('header.json', 'base')).toEqual(expected);
  });
});

describe('sitegen diff of drafts and scheduled articles', () => {
  const legend = '(draft): published once its `draft: true` is removed; (scheduled for DATE): published by the first build on or after that day';

  it('lists those a plain build leaves out, marked and linked into the preview that shows them', async () => {
    const text = await diff('added', 'site', '--preview-url', PREVIEW);
    expect(text).toBe(
      [
        'not published by merging (drafts and scheduled pages, shown by a --drafts preview): 2 pages',
        `    /articles/hospitality-budgets  (draft)  ${PREVIEW}/articles/hospitality-budgets`,
        `    /articles/sponsor-recall  (scheduled for 2026-03-02)  ${PREVIEW}/articles/sponsor-recall`,
        legend,
        '',
      ].join('\n'),
    );
    expect(await diff('added', 'site', '--format', 'markdown', '--preview-url', PREVIEW)).toBe(
      [
        '### 2 pages not published',
        '',
        '**Not published by merging: drafts and scheduled pages, in the preview (2)**',
        '',
        `- [\`/articles/hospitality-budgets\`](${PREVIEW}/articles/hospitality-budgets) *(draft)*`,
        `- [\`/articles/sponsor-recall\`](${PREVIEW}/articles/sponsor-recall) *(scheduled for 2026-03-02)*`,
        '',
        '*(draft)*: published once its `draft: true` is removed; *(scheduled for DATE)*: published by the first build on or after that day.',
        '',
      ].join('\n'),
    );
    // The same from the manifest publish keeps, which records them (version 3); one with none stays version 2, as older sitegens read it.
    const manifest = await diff('--manifest', 'site');
    expect(JSON.parse(manifest)).toMatchObject({
      version: 3,
      unreleased: { '/articles/hospitality-budgets': { status: 'draft' }, '/articles/sponsor-recall': { status: 'scheduled', date: '2026-03-02' } },
    });
    // The site records its redirect (/pricing), which makes its manifest version 3 as well.
    expect(JSON.parse(await diff('--manifest', 'added'))).not.toHaveProperty('unreleased');
    expect(JSON.parse(await diff('--manifest', 'added'))).toMatchObject({ version: 3, redirects: { '/pricing': { location: '/legal' } } });
    await writeFile(project.file('site.json'), manifest);
    expect(await diff('added', 'site.json', '--preview-url', PREVIEW)).toBe(text);
    // Once they are on the old side too, they are no news.
    expect(await diff('site.json', 'site')).toBe('no page, other file or asset changed\n');
  });

  it('marks them among the pages of a preview built with drafts', async () => {
    const text = await diff('added', 'preview');
    const lines = text.split('\n');
    expect(lines).toContain('  + /articles/hospitality-budgets  (draft)');
    expect(lines).toContain('  + /articles/sponsor-recall  (scheduled for 2026-03-02)');
    expect(lines.filter((line) => line === legend)).toHaveLength(1);
    expect(lines.filter((line) => line.includes('(draft)') || line.includes('(scheduled'))).toHaveLength(3);
    const marker = JSON.parse(await readFile(project.file('preview/.sitegen-output'), 'utf8'));
    expect(Object.keys(marker.unreleased)).toEqual(['/articles/hospitality-budgets', '/articles/sponsor-recall']);
  });
});

describe('sitegen diff of sites built in different modes', () => {
  it('says so on its first line, in every format, from folders and from their manifests alike', async () => {
    const note = 'note: the two sides were built differently: the old one is a plain build, the new one a build with --drafts --base /previews/pr-42';
    expect((await diff('base', 'preview')).split('\n')[0]).toBe(note);
    expect((await diff('base', 'preview', '--format', 'markdown')).split('\n')[0]).toBe(
      '> **Built differently:** the old site is `a plain build`, the new one `a build with --drafts --base /previews/pr-42`: some changes come from that.',
    );
    expect(JSON.parse(await diff('base', 'preview', '--format', 'json')).modes).toEqual({
      before: { drafts: false, base: '', siteUrl: null },
      after: { drafts: true, base: '/previews/pr-42', siteUrl: null },
    });
    await writeFile(project.file('base.json'), await diff('--manifest', 'base'));
    expect((await diff('base.json', 'preview')).split('\n')[0]).toBe(note);
    // Two builds made the same way say nothing of it.
    expect(await diff('base', 'article')).not.toContain('built differently');
    expect(JSON.parse(await diff('base', 'article', '--format', 'json'))).not.toHaveProperty('modes');
  });
});
