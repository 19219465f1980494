import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnalysisCache } from '../../../src/pipeline/cache/analysisCache.ts';
import { codeVersion } from '../../../src/pipeline/cache/codeVersion.ts';
import type { AnalysedMarkdown } from '../../../src/markdown/analysed.ts';

async function project() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-version-'));
  for (const dir of ['src', 'templates', 'public']) await mkdir(path.join(root, dir));
  await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;');
  await writeFile(path.join(root, 'templates/Page.tsx'), 'export const Page = () => null;');
  await writeFile(path.join(root, 'public/logo.svg'), '<svg/>');
  return root;
}

describe('the code version that keys every cache', () => {
  it('changes when a template, the generator or a public file changes, and only then', async () => {
    const root = await project();
    const version = () => codeVersion(root, path.join(root, 'public')).then((code) => code.version);
    const first = await version();
    expect(await version()).toBe(first);
    await writeFile(path.join(root, 'templates/Page.tsx'), 'export const Page = () => "changed";');
    const second = await version();
    expect(second).not.toBe(first);
    await writeFile(path.join(root, 'public/logo.svg'), '<svg viewBox="0 0 1 1"/>');
    expect(await version()).not.toBe(second);
  });
});

describe('the analysis cache', () => {
  const doc: AnalysedMarkdown = {
    hash: 'h1',
    facts: {
      collection: 'legal',
      slug: 'terms',
      file: '/c/legal/terms.md',
      meta: undefined,
      words: 3,
      links: [{ url: '/x', line: 9, column: 1, endLine: 9, endColumn: 9 }],
      images: [],
      imageSources: {},
      headings: [],
      fieldsAt: { title: { line: 2, column: 8, endLine: 2, endColumn: 13 } },
      diagnostics: [
        { file: '/c/legal/terms.md', line: 9, column: 1, endLine: 9, endColumn: 9, rule: 'markdown/raw-html', message: 'm', hint: 'h', severity: 'warning' },
      ],
    },
    body: { html: '<p>Terms</p>', islands: [], propsFiles: [], images: [] },
  };

  it('returns an analysis only for the same text and the same code version', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-'));
    const cache = await AnalysisCache.load(dir, 'v1', () => undefined);
    cache.set(doc.facts.file, doc);
    await cache.save();
    const again = await AnalysisCache.load(dir, 'v1', () => undefined);
    const hit = again.get(doc.facts.file, 'h1')!;
    expect(hit.facts).toEqual(doc.facts);
    expect(await again.body(hit)).toEqual(doc.body);
    expect(again.get(doc.facts.file, 'h2')).toBeUndefined();
    expect((await AnalysisCache.load(dir, 'v2', () => undefined)).get(doc.facts.file, 'h1')).toBeUndefined();
  });
});
