import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from '../helpers/project.ts';

/**
 * `sitegen diff` on the real site built four times in a private copy of the project: as it is,
 * with one article's title edited, with one header link's label edited, and with a stylesheet
 * rule added (which changes the stylesheet, and in pages only its hashed name).
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
  project = await projectCopy();
  await buildInto('base');
  await buildWith('content/articles/value-banks.md', (t) => t.replace('title: "Value Banks: Tracking Delivered Versus', 'title: "Value Banks: Tracking Delivered Against'), 'article');
  await buildWith('content/site.yaml', (t) => t.replace('- label: Sponsorship CRM\n', '- label: Sponsorship CRM and Pipeline\n'), 'header');
  await buildWith('templates/styles.css', (t) => `${t}\nabbr[title] { text-decoration-style: dotted; }\n`, 'styles');
  const preview = await project.run(['build', '--out', 'preview', '--drafts', '--base', '/previews/pr-42']);
  expect(preview.code, preview.stderr).toBe(0);
}, 180_000);
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
  return files.filter((f) => f.endsWith('.html')).map((f) => (f === 'index.html' ? '/' : `/${f.replace(/\/index\.html$/, '')}`)).sort();
}

describe('sitegen diff', () => {
  it('lists an edited article, the pages that show its title, and the feed', async () => {
    expect(await json('base', 'article')).toEqual({
      pages: {
        added: [],
        changed: [
          // Its neighbours show it under "related articles"; its category's page and the third page of the blog list its card.
          '/articles/birds-eye-view',
          '/articles/sponsorship-valuation-benchmarking',
          '/articles/value-banks',
          '/news-insights/category/analytics',
          '/news-insights/page/3',
        ],
        removed: [],
      },
      files: { added: [], changed: ['/feed.xml'], removed: [] },
      // The blog's search data, which holds the title: under its name without hash.
      assets: { added: [], changed: expect.arrayContaining(['/assets/blog/#/cards/0.json']), removed: expect.any(Array) },
    });
    const { assets } = await json('base', 'article');
    expect([...assets.changed, ...assets.removed, ...assets.added].every((name: string) => name.startsWith('/assets/blog/#/'))).toBe(true);
  });

  it('lists every page and the menus’ props files when a header link changes, and no other file', async () => {
    // /pricing is a redirect (content/redirects.yaml), the same in both: it is listed as one only when it changes.
    const all = (await routesOf('header')).filter((route) => route !== '/pricing');
    expect(all).toContain('/404.html');
    expect(all.length).toBeGreaterThan(40);
    const menus = { added: [], changed: ['/assets/props/MobileMenu-#.json', '/assets/props/NavMenus-#.json'], removed: [] };
    expect(await json('base', 'header')).toEqual({ pages: { added: [], changed: all, removed: [] }, files: { added: [], changed: [], removed: [] }, assets: menus });
  });

  it('lists the stylesheet alone when a rule is added: the pages only point at its new name', async () => {
    const sheets = async (out: string) => (await readdir(project.file(`${out}/assets`))).filter((f) => f.endsWith('.css'));
    expect(await sheets('styles')).not.toEqual(await sheets('base'));
    expect(await diff('base', 'styles')).toBe('assets: 0 added, 1 changed, 0 removed\n  ~ /assets/site-#.css\n');
  });

  it('lists nothing between two builds of the same project, however their assets are named', async () => {
    expect(await diff('base', 'base')).toBe('no page, other file or asset changed\n');
  });

  it('prints text with links into the preview, and markdown for a pull-request comment', async () => {
    const { assets } = (await json('base', 'article')) as { assets: Record<'added' | 'changed' | 'removed', string[]> };
    const assetLines = [`assets: ${assets.added.length} added, ${assets.changed.length} changed, ${assets.removed.length} removed`, ...assets.changed.map((a) => `  ~ ${a}`), ...assets.removed.map((a) => `  - ${a}`)];
    const markdownAssets = [
      ...(['changed', 'removed'] as const).flatMap((kind) => (assets[kind].length ? ['', `**${kind === 'changed' ? 'Changed' : 'Removed'} assets (${assets[kind].length})**`, '', ...assets[kind].map((a) => `- \`${a}\``)] : [])),
    ];
    expect(await diff('base', 'article', '--preview-url', `${PREVIEW}/`)).toBe([
      'pages: 0 added, 5 changed, 0 removed',
      `  ~ /articles/birds-eye-view  ${PREVIEW}/articles/birds-eye-view`,
      `  ~ /articles/sponsorship-valuation-benchmarking  ${PREVIEW}/articles/sponsorship-valuation-benchmarking`,
      `  ~ /articles/value-banks  ${PREVIEW}/articles/value-banks`,
      `  ~ /news-insights/category/analytics  ${PREVIEW}/news-insights/category/analytics`,
      `  ~ /news-insights/page/3  ${PREVIEW}/news-insights/page/3`,
      'other files: 0 added, 1 changed, 0 removed',
      `  ~ /feed.xml  ${PREVIEW}/feed.xml`,
      ...assetLines,
      '',
    ].join('\n'));
    expect(await diff('base', 'article', '--format', 'markdown', '--preview-url', PREVIEW)).toBe([
      `### 5 pages changed, 1 other file changed, ${assets.added.length + assets.changed.length + assets.removed.length} assets changed`,
      '',
      '**Changed pages (5)**',
      '',
      `- [\`/articles/birds-eye-view\`](${PREVIEW}/articles/birds-eye-view)`,
      `- [\`/articles/sponsorship-valuation-benchmarking\`](${PREVIEW}/articles/sponsorship-valuation-benchmarking)`,
      `- [\`/articles/value-banks\`](${PREVIEW}/articles/value-banks)`,
      `- [\`/news-insights/category/analytics\`](${PREVIEW}/news-insights/category/analytics)`,
      `- [\`/news-insights/page/3\`](${PREVIEW}/news-insights/page/3)`,
      '',
      '**Changed other files (1)**',
      '',
      `- [\`/feed.xml\`](${PREVIEW}/feed.xml)`,
      // Assets are listed, never linked: their names without hash are no address.
      ...markdownAssets,
      '',
    ].join('\n'));
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

describe('sitegen diff of sites built in different modes', () => {
  it('says so on its first line, in every format, from folders and from their manifests alike', async () => {
    const note = 'note: the two sides were built differently: the old one is a plain build, the new one a build with --drafts --base /previews/pr-42';
    expect((await diff('base', 'preview')).split('\n')[0]).toBe(note);
    expect((await diff('base', 'preview', '--format', 'markdown')).split('\n')[0]).toBe('> **Built differently:** the old site is `a plain build`, the new one `a build with --drafts --base /previews/pr-42`: some changes come from that.');
    expect(JSON.parse(await diff('base', 'preview', '--format', 'json')).modes).toEqual({ before: { drafts: false, base: '', siteUrl: null }, after: { drafts: true, base: '/previews/pr-42', siteUrl: null } });
    await writeFile(project.file('base.json'), await diff('--manifest', 'base'));
    expect((await diff('base.json', 'preview')).split('\n')[0]).toBe(note);
    // Two builds made the same way say nothing of it.
    expect(await diff('base', 'article')).not.toContain('built differently');
    expect(JSON.parse(await diff('base', 'article', '--format', 'json'))).not.toHaveProperty('modes');
  });
});
