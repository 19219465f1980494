import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from '../helpers/project.ts';

/**
 * `sitegen diff` on the real site built four times in a private copy of the project: as it is,
 * with one article's title edited, with one header link's label edited, and with a stylesheet
 * rule added (which renames the stylesheet and nothing else).
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
}, 120_000);
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
    });
  });

  it('lists every page when a header link changes, and no other file', async () => {
    const all = await routesOf('header');
    expect(all).toContain('/404.html');
    expect(all.length).toBeGreaterThan(40);
    expect(await json('base', 'header')).toEqual({ pages: { added: [], changed: all, removed: [] }, files: { added: [], changed: [], removed: [] } });
  });

  it('lists nothing when a rebuilt stylesheet only renames an asset', async () => {
    const sheets = async (out: string) => (await readdir(project.file(`${out}/assets`))).filter((f) => f.endsWith('.css'));
    expect(await sheets('styles')).not.toEqual(await sheets('base'));
    expect(await diff('base', 'styles')).toBe('no page or other file changed\n');
  });

  it('prints text with links into the preview, and markdown for a pull-request comment', async () => {
    expect(await diff('base', 'article', '--preview-url', `${PREVIEW}/`)).toBe([
      'pages: 0 added, 5 changed, 0 removed',
      `  ~ /articles/birds-eye-view  ${PREVIEW}/articles/birds-eye-view`,
      `  ~ /articles/sponsorship-valuation-benchmarking  ${PREVIEW}/articles/sponsorship-valuation-benchmarking`,
      `  ~ /articles/value-banks  ${PREVIEW}/articles/value-banks`,
      `  ~ /news-insights/category/analytics  ${PREVIEW}/news-insights/category/analytics`,
      `  ~ /news-insights/page/3  ${PREVIEW}/news-insights/page/3`,
      'other files: 0 added, 1 changed, 0 removed',
      `  ~ /feed.xml  ${PREVIEW}/feed.xml`,
      '',
    ].join('\n'));
    expect(await diff('base', 'article', '--format', 'markdown', '--preview-url', PREVIEW)).toBe([
      '### 5 pages changed, 1 other file changed',
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
