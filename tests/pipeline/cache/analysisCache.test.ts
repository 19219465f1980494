import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
    await cache.save([doc.facts], '/c');
    const again = await AnalysisCache.load(dir, 'v1', () => undefined);
    const hit = again.get(doc.facts.file, 'h1')!;
    expect(hit.facts).toEqual(doc.facts);
    expect(await again.body(hit)).toEqual(doc.body);
    expect(again.get(doc.facts.file, 'h2')).toBeUndefined();
    expect((await AnalysisCache.load(dir, 'v2', () => undefined)).get(doc.facts.file, 'h1')).toBeUndefined();
  });

  /** The content folder beside a cache folder. */
  const content = (dir: string) => path.join(path.dirname(dir), 'content');

  /** 200 analyses of files in one cache folder, as a site of 200 articles leaves them. */
  const many = (dir: string, edited?: number): AnalysedMarkdown[] =>
    Array.from({ length: 200 }, (_, i) => {
      const file = path.join(path.dirname(dir), `content/articles/a-${i}.md`);
      const hash = `h-${i}${i === edited ? '-edited' : ''}`;
      return { hash, facts: { ...doc.facts, file, diagnostics: [] }, body: { ...doc.body!, html: `<p>${hash}</p>` } };
    });

  it('rewrites only the files of the entries a build changed, and drops the replaced body', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-')), '.sitegen-cache');
    const first = await AnalysisCache.load(dir, 'v1', () => undefined);
    for (const d of many(dir)) first.set(d.facts.file, d);
    await first.save(
      many(dir).map((d) => d.facts),
      content(dir),
    );
    const folder = path.join(dir, 'analyses/v1');
    const identities = async () => Object.fromEntries(await Promise.all((await readdir(folder)).map(async (f) => [f, (await stat(path.join(folder, f))).ino])));
    const before = await identities();
    expect(Object.keys(before).length).toBe(32);

    const second = await AnalysisCache.load(dir, 'v1', () => undefined);
    const edited = many(dir, 7)[7]!;
    second.set(edited.facts.file, edited);
    await second.save(
      many(dir).map((d) => d.facts),
      content(dir),
    );
    const after = await identities();
    const rewritten = Object.keys(after).filter((f) => after[f] !== before[f]);
    // The edited file's shard of analyses; the shards of its new body and of its old one (the same one at times).
    expect(rewritten.filter((f) => f.startsWith('facts-'))).toHaveLength(1);
    expect(rewritten.filter((f) => f.startsWith('bodies-')).length).toBeGreaterThanOrEqual(1);
    expect(rewritten.filter((f) => f.startsWith('bodies-')).length).toBeLessThanOrEqual(2);

    const third = await AnalysisCache.load(dir, 'v1', () => undefined);
    for (const d of many(dir, 7)) expect(await third.body(third.get(d.facts.file, d.hash)!), d.hash).toEqual(d.body);
    // The old text's body is gone from its shard: it would pile up with each edit.
    const stored = (await Promise.all((await readdir(folder)).map((f) => readFile(path.join(folder, f), 'utf8')))).join('');
    expect(stored).not.toContain('<p>h-7</p>');
    expect(stored).toContain('<p>h-7-edited</p>');
  });

  it('forgets the files a build no longer lists, with their bodies under every base, and keeps the rest', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-')), '.sitegen-cache');
    const facts = many(dir).map((d) => d.facts);
    // An article of another content folder (a build with --content), whose file exists.
    const other = { ...doc, facts: { ...doc.facts, file: path.join(path.dirname(dir), 'fixture/articles/other.md'), diagnostics: [] } };
    await mkdir(path.dirname(other.facts.file), { recursive: true });
    await writeFile(other.facts.file, 'text');
    for (const base of ['', '/pr-1']) {
      const cache = await AnalysisCache.load(dir, 'v1', () => undefined, base);
      for (const d of [...many(dir), other]) cache.set(d.facts.file, { ...d, body: { ...d.body!, html: `<p>${base} ${d.hash}</p>` } });
      await cache.save(facts, content(dir));
    }
    // Ten articles deleted: the next build lists the other 190.
    await (await AnalysisCache.load(dir, 'v1', () => undefined)).save(facts.slice(10), content(dir));
    const again = await AnalysisCache.load(dir, 'v1', () => undefined);
    expect(facts.filter(({ file }) => again.has(file))).toEqual(facts.slice(10));
    const folder = path.join(dir, 'analyses/v1');
    const stored = (await Promise.all((await readdir(folder)).map((f) => readFile(path.join(folder, f), 'utf8')))).join('');
    for (const i of [0, 9]) for (const base of ['', '/pr-1']) expect(stored).not.toContain(`<p>${base} h-${i}</p>`);
    for (const d of many(dir).slice(10)) {
      expect(await again.body(again.get(d.facts.file, d.hash)!)).toEqual({ ...d.body, html: `<p> ${d.hash}</p>` });
      expect(stored).toContain(`<p>/pr-1 ${d.hash}</p>`);
    }
    // The other folder's article stays while its file exists.
    expect(again.has(other.facts.file)).toBe(true);
    await rm(other.facts.file);
    await again.save(facts.slice(10), content(dir));
    expect((await AnalysisCache.load(dir, 'v1', () => undefined)).has(other.facts.file)).toBe(false);
  });

  it("removes other versions' analyses when it saves, and files of the single-file layout", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-')), '.sitegen-cache');
    const old = await AnalysisCache.load(dir, 'v1', () => undefined);
    old.set(doc.facts.file, doc);
    await old.save([doc.facts], '/c');
    await writeFile(path.join(dir, 'analyses/v0.json'), 'an analysis file of an older layout');
    const current = await AnalysisCache.load(dir, 'v2', () => undefined);
    current.set(doc.facts.file, doc);
    await current.save([doc.facts], '/c');
    expect(await readdir(path.join(dir, 'analyses'))).toEqual(['v2']);
  });
});
