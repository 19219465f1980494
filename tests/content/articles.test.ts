import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Builder } from '../../src/pipeline/builder.ts';
import type { BuildResult } from '../../src/pipeline/buildOptions.ts';
import { resolvePaths } from '../../src/config.ts';
import { listMarkdown, readMarkdownFiles } from '../../src/load/content.ts';
import type { AnalysedMarkdown } from '../../src/markdown/analysed.ts';
import { loadSite } from '../../src/pipeline/loadDefinition.ts';
import { MarkdownWorkspace } from '../../src/pipeline/markdownWork.tsx';
import { readingMinutes } from '../../src/markdown/readingTime.ts';
import type { ArticleMeta } from '../../templates/schemas/markdown.ts';

// The article routes of the spec (§2), with {product} = touchline.
const SPEC_SLUGS = [
  'sponsorship-fulfillment-report', 'touchline-state-soccer', 'cfl-sponsorship-tracking', 'value-in-kind-payments', 'value-banks',
  'industry-best-sponsorships', 'birds-eye-view', 'fulfillment-report-tips', 'category-exclusivity', 'standard-sponsorship-packages',
  'sponsorship-strategy-rights-holder', 'building-best-sponsorship-sales-deck', 'understanding-sponsorship-contracts',
  'swimming-canada-sponsorship-strategy', 'sponsorship-valuation-benchmarking', 'university-of-guelph-case-study', 'pga-canada-case-study',
];

let articles: AnalysedMarkdown[];
let result: BuildResult;

beforeAll(async () => {
  const paths = resolvePaths({ out: path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-content-')), 'dist') });
  const site = loadSite(paths.templates);
  const list = await listMarkdown(paths.content, (await site).definition);
  const workspace = new MarkdownWorkspace(paths, () => site, '');
  articles = await workspace.analyse(readMarkdownFiles(list.markdown.filter((m) => m.collection === 'article')));
  result = await new Builder(paths).build();
});

describe('the 17 articles', () => {
  it('are exactly the spec routes, each with valid frontmatter', () => {
    expect(articles.map((a) => a.facts.slug).sort()).toEqual([...SPEC_SLUGS].sort());
    for (const a of articles) expect(a.facts.diagnostics, a.facts.slug).toEqual([]);
  });

  it('each read in 5 to 15 minutes (1,100 to 3,300 words)', () => {
    for (const a of articles) {
      expect(a.facts.words, a.facts.slug).toBeGreaterThanOrEqual(1100);
      expect(a.facts.words, a.facts.slug).toBeLessThanOrEqual(3300);
      const minutes = readingMinutes(a.facts.words);
      expect(minutes).toBeGreaterThanOrEqual(5);
      expect(minutes).toBeLessThanOrEqual(15);
    }
  });

  it('has one featured article and covers every category', () => {
    const metas = articles.map((a) => a.facts.meta as ArticleMeta);
    expect(metas.filter((m) => m.featured).length).toBe(1);
    expect(new Set(metas.map((m) => m.category))).toEqual(new Set(['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study']));
  });

  it('carries the embeds the spec names', () => {
    const body = (slug: string) => articles.find((a) => a.facts.slug === slug)!.body!;
    expect(body('category-exclusivity').islands).toContain('VideoFacade');
    expect(body('category-exclusivity').html.match(/<figure class="my-8"><img/g)?.length).toBe(2);
    expect(body('cfl-sponsorship-tracking').islands).toContain('Carousel');
  });

  it('build with every link and image resolving, each page in the sitemap with its date', async () => {
    const sitemap = String(result.files.get('sitemap.xml'));
    for (const a of articles) expect(sitemap).toContain(`/articles/${a.facts.slug}</loc><lastmod>${(a.facts.meta as ArticleMeta).date}</lastmod>`);
    expect(String(result.files.get('feed.xml')).match(/<entry>/g)).toHaveLength(17);
  });
});
