import { cp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { ContentError } from '../../src/diagnostics.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { fixtureCopy } from '../helpers/fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let builder: Builder;
let publicDir: string;

beforeEach(async () => {
  fx = await fixtureCopy();
  publicDir = path.join(fx.dir, 'public');
  await cp(path.join(ROOT, 'public'), publicDir, { recursive: true });
  const paths = { ...resolvePaths({ content: fx.content, out: fx.out }), public: publicDir, cache: path.join(fx.dir, '.sitegen-cache') };
  // As watch's worker builds: told of every change, keeping entries, plans and checks between builds.
  builder = new Builder(paths, {
    workerThreshold: Infinity,
    scratchOutput: true,
    unhashedStylesheet: true,
    toldOfPublicChanges: true,
    toldOfContentChanges: true,
  });
});
afterEach(async () => {
  await builder.idle();
  await fx.remove();
});

/** Edits a content file and tells the builder, as watch does. */
async function edit(rel: string, change: (text: string) => string) {
  await fx.edit(rel, change);
  builder.changed('content', [fx.file(rel)]);
}

/** The rule and file of each error a build stops at (none when it succeeds). */
async function errors(): Promise<string[]> {
  try {
    await builder.build({ drafts: true });
    return [];
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.rule} ${path.relative(fx.content, d.file)}`)
      .sort();
  }
}

describe('what a watch builder keeps between builds', () => {
  it('checks again the links of an unchanged article when the page they lead to changes, moves or goes', async () => {
    await edit('articles/first-steps.md', (text) => text.replace('(/articles/second-look)', '(/articles/second-look#track-delivery-as-you-go)'));
    expect(await errors()).toEqual([]);
    // Only the page linked to changes: the link's heading is gone.
    await edit('articles/second-look.md', (text) => text.replace('## Track delivery as you go', '## Track delivery weekly'));
    expect(await errors()).toEqual(['link/fragment articles/first-steps.md']);
    await edit('articles/second-look.md', (text) => text.replace('## Track delivery weekly', '## Track delivery as you go'));
    expect(await errors()).toEqual([]);
    await rename(fx.file('articles/second-look.md'), fx.file('articles/second-looks.md'));
    builder.changed('content', [fx.file('articles/second-look.md'), fx.file('articles/second-looks.md')]);
    expect(await errors()).toEqual(['link/broken articles/first-steps.md']);
  });

  it('checks an unchanged article’s images again when public/ changes', async () => {
    expect(await errors()).toEqual([]);
    const image = path.join(publicDir, 'images/articles/value-banks.svg');
    const saved = await readFile(image);
    await rm(image);
    builder.changed('public');
    expect(await errors()).toEqual(['asset/missing articles/first-steps.md']);
    await cp(path.join(ROOT, 'public/images/articles/value-banks.svg'), image);
    builder.changed('public');
    expect(await errors()).toEqual([]);
    expect(await readFile(image)).toEqual(saved);
  });

  it('checks an unchanged YAML page again when the page it links to goes, and a YAML edit at once', async () => {
    await edit('pages/index.yaml', (text) => text.replace('href: /news-insights', 'href: /articles/second-look'));
    expect(await errors()).toEqual([]);
    await rm(fx.file('articles/second-look.md'));
    builder.changed('content', [fx.file('articles/second-look.md')]);
    // The other article links to it too.
    expect(await errors()).toEqual(['link/broken articles/first-steps.md', 'link/broken pages/index.yaml']);
    await edit('articles/first-steps.md', (text) => text.replace('(/articles/second-look)', '(/news-insights)'));
    await edit('pages/index.yaml', (text) => text.replace('href: /articles/second-look', 'href: /news-insight'));
    expect(await errors()).toEqual(['link/broken pages/index.yaml']);
    await edit('pages/index.yaml', (text) => text.replace('href: /news-insight', 'href: /news-insights'));
    expect(await errors()).toEqual([]);
  });

  it('renders only the edited article when its summary is unchanged, and every list again when it is not', async () => {
    const first = await builder.build({ drafts: true });
    await edit('articles/second-look.md', (text) => `${text}\nA closing line on renewal timing.\n`);
    const bodyOnly = await builder.build({ drafts: true });
    expect(bodyOnly.timings.filter((t) => !t.cached).map((t) => t.route)).toEqual(['/articles/second-look']);
    await edit('articles/second-look.md', (text) => text.replace('title: A Second Look at Renewals', 'title: Renewals, Looked At Again'));
    const retitled = await builder.build({ drafts: true });
    expect(retitled.rendered).toBe(first.pages);
    expect(await readFile(path.join(fx.out, 'news-insights/index.html'), 'utf8')).toContain('Renewals, Looked At Again');
  });
});
