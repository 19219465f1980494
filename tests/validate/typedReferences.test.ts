import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readYamlContent } from '../../src/load/content.ts';
import { definePage, type SiteDefinition } from '../../src/model.ts';
import { assetPath, href } from '../../src/schemas/common.ts';
import { checkReferences } from '../../src/validate/crossChecks.ts';
import { validateContent } from '../../src/validate/validateContent.ts';
import { blockSchemas } from '../../templates/blocks/schema.ts';
import { definition } from '../../templates/index.ts';
import { touchlineSiteSchema } from '../../templates/schemas/site.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

/**
 * A site whose hero block has two fields no template has yet, named as no link or image field
 * was before (`backdrop`, `next`), and whose site.yaml has a `banner`: only their types say what they hold.
 */
const hero = blockSchemas.hero.extend({ backdrop: assetPath.optional(), next: href.optional() });
const extended: SiteDefinition = {
  ...definition,
  data: { ...definition.data, site: { ...definition.data.site, schema: touchlineSiteSchema.extend({ banner: assetPath.optional() }) } },
  pages: {
    ...definition.pages,
    blocks: definePage(z.strictObject({ blocks: z.array(z.discriminatedUnion('type', [hero, blockSchemas.faq])).min(1) }), () => null),
  },
};

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.remove());

/** The `file:line:column rule` of each problem of pages/index.yaml and site.yaml (the fixture's articles are not read: links to them are not checked here). */
async function problems(): Promise<string[]> {
  const yaml = await readYamlContent(fx.content, extended);
  const { model, diagnostics } = validateContent({ ...yaml, markdown: [] }, [], extended, { today: '2026-01-01', drafts: false });
  const routes = new Map([
    ['/', fx.file('pages/index.yaml')],
    ['/news-insights', fx.file('pages/news-insights.yaml')],
    ['/legal', fx.file('pages/legal.yaml')],
  ]);
  return [...diagnostics, ...checkReferences(model!, routes, (file) => [...routes].find(([, f]) => f === file)?.[0], PUBLIC)]
    .filter((d) => ['pages/index.yaml', 'site.yaml'].includes(path.relative(fx.content, d.file)))
    .map((d) => `${path.relative(fx.content, d.file)}:${d.line}:${d.column} ${d.rule}`)
    .sort();
}

describe('a new field typed assetPath or href is checked with no list to update', () => {
  it('reports a missing image and a broken link at the lines of the block’s new fields', async () => {
    await fx.edit('pages/index.yaml', (t) =>
      t.replace('    lead: It has', '    backdrop: /images/no-such-backdrop.svg\n    next: /no-such-page\n    lead: It has'),
    );
    expect(await problems()).toEqual(['pages/index.yaml:7:15 asset/missing', 'pages/index.yaml:8:11 link/broken']);
  });

  it('reports them in a page that fails its schema too', async () => {
    await fx.edit('pages/index.yaml', (t) =>
      t.replace('    lead: It has', '    backdrop: /images/no-such-backdrop.svg\n    next: /no-such-page\n    colour: red\n    lead: It has'),
    );
    expect(await problems()).toEqual(['pages/index.yaml:7:15 asset/missing', 'pages/index.yaml:8:11 link/broken', 'pages/index.yaml:9:5 page/unknown-key']);
  });

  it('reports them in a page naming no known template, through the fields of every template', async () => {
    await fx.edit('pages/index.yaml', (t) =>
      t.replace('template: blocks', 'template: blokcs').replace('    lead: It has', '    backdrop: /images/no-such-backdrop.svg\n    lead: It has'),
    );
    expect(await problems()).toEqual(['pages/index.yaml:1:11 page/template', 'pages/index.yaml:7:15 asset/missing']);
  });

  it('reports a missing image of a new field of a data file', async () => {
    await fx.edit('site.yaml', (t) => t.replace('themeColor:', 'banner: /images/no-such-banner.svg\nthemeColor:'));
    expect(await problems()).toEqual(['site.yaml:13:9 asset/missing']);
  });

  it('finds nothing in the same fields of the fixture as it is', async () => {
    expect(await problems()).toEqual([]);
  });
});
