import { readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePaths } from '../../src/config.ts';
import { STORES, type BuilderStore, type StoreName } from '../../src/pipeline/betweenBuilds.ts';
import { Builder } from '../../src/pipeline/builder.ts';
import { WATCH_BUILDER } from '../../src/watch/watchBuilder.ts';
import { addPhotoArticles, projectCopy, type Project } from '../helpers/project.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const THUMBNAILS = ['/images/articles/value-banks.svg', '/images/articles/category-exclusivity.svg', '/images/articles/pga-canada-case-study.jpg'];
const CATEGORIES = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];

/**
 * A small article, quick to analyse: one in ten is published (a page of its own, a card on the
 * lists, a thumbnail and its social card), the others are drafts, which a build analyses and
 * does not render.
 */
const smallArticle = (i: number) => `---
title: Added Article ${i}
date: 2024-0${(i % 9) + 1}-1${i % 10}
author: Priya Nair
excerpt: An article added to the site and deleted again, number ${i}.
category: ${CATEGORIES[i % CATEGORIES.length]}
thumbnail: ${THUMBNAILS[i % THUMBNAILS.length]}
thumbnailAlt: The picture of article ${i}${i % 10 ? '\ndraft: true' : ''}
---

The body of article ${i}, one paragraph long.
`;

/** Adds `count` articles to the project; returns their files. */
async function addArticles(project: Project, count: number): Promise<string[]> {
  const files = Array.from({ length: count }, (_, i) => project.file(`content/articles/added-${i}.md`));
  await Promise.all(files.map((file, i) => writeFile(file, smallArticle(i))));
  return files;
}

/** A markdown file whose front matter is no YAML: a build that reads it stops on the error. */
const BROKEN = 'content/articles/broken.md';
const breakContent = (project: Project) => writeFile(project.file(BROKEN), '---\ntitle: [unclosed\n---\n\nText.\n');

/** Each file and folder under `dir` (relative, with /) and its size (a folder's: 0), sorted; none when there is no such folder. */
async function filesOf(dir: string): Promise<[string, number][]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const infos = await Promise.all(names.map(async (name) => [name.split(path.sep).join('/'), await stat(path.join(dir, name))] as const));
  return infos
    .filter(([, info]) => info.isFile() || info.isDirectory())
    .map(([name, info]): [string, number] => [name, info.isFile() ? info.size : 0])
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The data of a cache file (after its header line). */
const cacheData = async <T>(file: string) => JSON.parse((await readFile(file, 'utf8')).split('\n')[1]!) as T;

/**
 * What each store of the cache holds, measured as honestly as it can be: files and their sizes
 * where the same entries make the same bytes; the page index by its entries and its blobs (its
 * record of the output holds each file's time, which a new build changes); public/'s hashes by
 * file (a stamp settles between builds).
 */
const MEASURES: Record<Exclude<StoreName, BuilderStore>, (project: Project) => Promise<unknown>> = {
  'cached analyses': (project) => filesOf(path.join(project.cache, 'analyses')),
  'cached assets': (project) => filesOf(path.join(project.cache, 'assets')),
  'page index': async (project) => {
    const index = await cacheData<{ pages: object; props: object }>(path.join(project.cache, 'pages/index.json'));
    // The blobs and their folders.
    const blobs = (await filesOf(path.join(project.cache, 'pages'))).filter(([name]) => name !== 'index.json');
    return { pages: Object.keys(index.pages).sort(), props: Object.keys(index.props).sort(), blobs };
  },
  'processed images': (project) => filesOf(path.join(project.cache, 'images')),
  'public hashes': async (project) =>
    Object.entries(await cacheData<Record<string, [string, string]>>(path.join(project.cache, 'public-files.json'))).map(([file, [, hash]]) => [file, hash]),
  'compiled code': async (project) => (await readdir(project.file('node_modules/.cache/sitegen/code'))).sort(),
};
const CACHE_STORES = Object.keys(MEASURES) as (keyof typeof MEASURES)[];

const measure = async (project: Project) =>
  Object.fromEntries(await Promise.all(CACHE_STORES.map(async (name) => [name, await MEASURES[name](project)] as const))) as Record<
    keyof typeof MEASURES,
    unknown
  >;

describe("the cache's stores, a thousand articles added and deleted (as in CI)", () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectCopy({ content: 'fixture' });
    // Photos: the cache then holds processed images, and the added articles' cards make more.
    await addPhotoArticles(project);
  }, 120_000);
  afterAll(() => project?.remove());

  const build = async () => {
    const result = await project.run(['build']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  };

  it('each forgets what the site no longer has when STORES says it does, and is back to its size', async () => {
    await build();
    const before = await measure(project);
    const added = await addArticles(project, 1000);
    await build();
    const full = await measure(project);
    for (const name of CACHE_STORES) {
      // A store that holds one entry at a time does not grow with the content; the others do, or this test proves nothing.
      if (STORES[name].forgets.when === 'when replaced') expect(full[name], name).toEqual(before[name]);
      else if (name !== 'public hashes') expect(full[name], name).not.toEqual(before[name]);
    }
    await Promise.all(added.map((file) => rm(file)));
    // A build stopped by an error in the content did not reach the whole site: it forgets nothing.
    await breakContent(project);
    const failed = await project.run(['build']);
    expect(failed.code).not.toBe(0);
    expect(await measure(project)).toEqual(full);
    await rm(project.file(BROKEN));
    await build();
    expect(await measure(project)).toEqual(before);
  }, 240_000);
});

describe("a watch builder's stores, articles added and deleted", () => {
  let project: Project;
  let builder: Builder;

  beforeAll(async () => {
    project = await projectCopy({ content: 'fixture' });
    // The project's src/ is the checkout's, which this process runs: its templates render with the generator's own modules.
    await rm(project.file('src'), { recursive: true });
    await symlink(path.join(ROOT, 'src'), project.file('src'));
    builder = new Builder(resolvePaths({ root: project.root, out: project.file('.sitegen-watch/site') }), WATCH_BUILDER);
    expect((await builder.build({ drafts: true })).pages).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await builder?.idle();
    await project?.remove();
  });

  const entries = async () => {
    const stores = await builder.stores();
    return Object.fromEntries(Object.entries(stores).map(([name, store]) => [name, [...store.keys()].sort()])) as Record<BuilderStore, string[]>;
  };

  it('forget the entries of deleted files when STORES says they do, and hold what they held before', async () => {
    const before = await entries();
    const added = await addArticles(project, 50);
    builder.changed('content', added);
    await builder.build({ drafts: true });
    const full = await entries();
    const grown = (Object.keys(full) as BuilderStore[]).filter((name) => full[name].length > before[name].length);
    expect(grown.sort()).toEqual(['analyses', 'markdown reads', 'pages in memory']);

    await Promise.all(added.map((file) => rm(file)));
    await breakContent(project);
    builder.changed('content', [...added, project.file(BROKEN)]);
    await expect(builder.build({ drafts: true })).rejects.toThrow();
    const failed = await entries();
    for (const name of grown) {
      // A store that forgets as the content is read has forgotten the deleted files even now; one that forgets once the site is made has not.
      const remembered = failed[name].filter((key) => full[name].includes(key) && !before[name].includes(key));
      if (STORES[name].forgets.when === 'each build') expect(remembered, name).toEqual([]);
      else expect(remembered, name).toHaveLength(full[name].length - before[name].length);
    }

    await rm(project.file(BROKEN));
    builder.changed('content', [project.file(BROKEN)]);
    await builder.build({ drafts: true });
    const after = await entries();
    // A store of one entry holds a new one (the version written last): its size is what tells.
    for (const name of Object.keys(after) as BuilderStore[])
      if (STORES[name].forgets.when === 'when replaced') expect(after[name].length, name).toBe(before[name].length);
      else expect(after[name], name).toEqual(before[name]);
  }, 120_000);
});
