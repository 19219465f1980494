import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readCacheFile, writeCacheFile } from '../../../src/pipeline/cache/cacheFile.ts';
import { linkOrCopy, PAGE_CACHE_BUILDS, PageIndex, type BuiltPage } from '../../../src/pipeline/cache/pageIndex.ts';
import { sha256 } from '../../../src/hash.ts';

let dir: string;
let log: string[];
const cacheDir = () => path.join(dir, 'cache');
const out = () => path.join(dir, 'out');
const load = (version = 'v1') => PageIndex.load(cacheDir(), out(), version, (line) => log.push(line));
/** A page of `folder` (`out` unless said) as a build records it, with the hash of its bytes as written. */
const page = (outputPath: string, key: string, props: string[] = [], folder = out()): BuiltPage => ({
  outputPath,
  key,
  sha256: sha256(readFileSync(path.join(folder, outputPath))),
  islands: ['NavMenus'],
  images: [],
  props,
});
/** Puts a restored page into `dir` from its blob, as a build's folder does. */
const into = (dir: string, outputPath: string) => (blob: string) => linkOrCopy(blob, path.join(dir, outputPath));
const blobs = async () => (await readdir(path.join(cacheDir(), 'pages'), { recursive: true })).filter((f) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(f));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-page-cache-'));
  log = [];
  await mkdir(path.join(out(), 'about'), { recursive: true });
  await mkdir(path.join(out(), 'assets/props'), { recursive: true });
  await writeFile(path.join(out(), 'about/index.html'), '<!DOCTYPE html><title>About</title>');
  await writeFile(path.join(out(), 'index.html'), '<!DOCTYPE html><title>Home</title>');
  await writeFile(path.join(out(), 'assets/props/menus-1.json'), '{"menus":[]}');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Saves the two pages of `out` as one build, the home page naming a props file. */
async function saveBoth(cache: PageIndex) {
  return cache.save([page('about/index.html', 'k-about'), page('index.html', 'k-home', ['assets/props/menus-1.json'])], () => undefined);
}

/** Restores a page into a fresh folder and returns what was restored with the bytes written. */
async function restoreInto(cache: PageIndex, outputPath: string, key: string) {
  const target = await mkdtemp(path.join(dir, 'version-'));
  await mkdir(path.dirname(path.join(target, outputPath)), { recursive: true });
  const found = cache.find(outputPath, key);
  const restored = found && cache.restore(found, outputPath, key, into(target, outputPath));
  const bytes = restored && (await readFile(path.join(target, outputPath), 'utf8'));
  return { found, restored, bytes };
}

describe('the page index, as a page cache', () => {
  it('gives back a page, its islands and its props files, under the output path and key it was saved with', async () => {
    expect(await saveBoth(await load())).toEqual({ added: 2, dropped: 0 });
    const cache = await load();
    const home = await restoreInto(cache, 'index.html', 'k-home');
    expect(home.bytes).toBe('<!DOCTYPE html><title>Home</title>');
    expect(home.restored).toMatchObject({ bytes: 34, islands: ['NavMenus'], propsFiles: [['assets/props/menus-1.json', '{"menus":[]}']] });
    expect(cache.find('index.html', 'k-other')).toBeUndefined();
    expect(cache.find('about/index.html', 'k-home')).toBeUndefined();
    // Another version of the code keys its pages otherwise: it starts empty.
    expect((await load('v2')).find('index.html', 'k-home')).toBeUndefined();
  });

  it('drops a page whose props file the index lost, says so, and leaves the other pages', async () => {
    await saveBoth(await load());
    // An index with a good checksum that lacks the props file its home page names (written by hand, or by a build of another generator's bug).
    const kind = { kind: 'page index', schema: z.object({ props: z.record(z.string(), z.unknown()) }).passthrough() };
    const index = (await readCacheFile(cacheDir(), 'pages/index.json', kind, 'v1', () => undefined))!;
    await writeCacheFile(cacheDir(), 'pages/index.json', kind, 'v1', { ...index, props: {} }, () => undefined);
    const cache = await load();
    expect((await restoreInto(cache, 'index.html', 'k-home')).restored).toBeUndefined();
    expect(log).toEqual(['cache: dropped index.html from the page cache: a props file it names is missing; it is rebuilt']);
    expect(cache.find('index.html', 'k-home')).toBeUndefined();
    expect((await restoreInto(cache, 'about/index.html', 'k-about')).bytes).toBe('<!DOCTYPE html><title>About</title>');
  });

  it('keeps a page and each copy of it as one file under several names, costing no second write of its bytes', async () => {
    const cache = await load();
    await saveBoth(cache);
    const { blob } = cache.find('index.html', 'k-home')!;
    const stored = path.join(cacheDir(), 'pages', blob.slice(0, 2), blob);
    expect((await stat(stored)).ino).toBe((await stat(path.join(out(), 'index.html'))).ino);
    const target = await mkdtemp(path.join(dir, 'version-'));
    (await load()).restore(cache.find('index.html', 'k-home')!, 'index.html', 'k-home', into(target, 'index.html'));
    expect((await stat(path.join(target, 'index.html'))).ino).toBe((await stat(stored)).ino);
  });

  it('drops a page whose blob was truncated, changed in place, removed or replaced by a link, and leaves what a link named untouched', async () => {
    await writeFile(path.join(out(), 'contact.html'), '<!DOCTYPE html><title>Contact</title>');
    await writeFile(path.join(out(), 'team.html'), '<!DOCTYPE html><title>Team</title>');
    const cache = await load();
    await cache.save([page('about/index.html', 'a'), page('index.html', 'h'), page('contact.html', 'c'), page('team.html', 't')], () => undefined);
    const blobOf = (outputPath: string, key: string) =>
      path.join(cacheDir(), 'pages', cache.find(outputPath, key)!.blob.slice(0, 2), cache.find(outputPath, key)!.blob);
    await truncate(blobOf('about/index.html', 'a'), 10);
    const home = blobOf('index.html', 'h');
    await writeFile(home, (await readFile(home, 'utf8')).replace('Home', 'Hone'));
    await rm(blobOf('contact.html', 'c'));
    const secret = path.join(dir, 'secret.html');
    await writeFile(secret, '<!DOCTYPE html><title>Team</title>');
    await rm(blobOf('team.html', 't'));
    await symlink(secret, blobOf('team.html', 't'));

    const again = await load();
    for (const [outputPath, key] of [
      ['about/index.html', 'a'],
      ['index.html', 'h'],
      ['contact.html', 'c'],
      ['team.html', 't'],
    ])
      expect((await restoreInto(again, outputPath!, key!)).restored).toBeUndefined();
    // A missing blob is no damage: its page is rendered again without a word, as for any missing cache file.
    expect(log).toEqual([
      expect.stringMatching(
        /^cache: dropped .*pages\/[0-9a-f]{2}\/[0-9a-f]{64}: it is truncated or damaged \(its bytes do not match its name\); it is rebuilt$/,
      ),
      expect.stringMatching(/truncated or damaged/),
      expect.stringMatching(/: it is a link, not a file; it is rebuilt$/),
    ]);
    expect(again.find('index.html', 'h')).toBeUndefined();
    expect(await readFile(secret, 'utf8')).toBe('<!DOCTYPE html><title>Team</title>');
  });

  it('keeps the folders of blobs real folders: a link in place of one is removed, never written through', async () => {
    const elsewhere = path.join(dir, 'elsewhere');
    await mkdir(elsewhere);
    await mkdir(path.join(cacheDir(), 'pages'), { recursive: true });
    // Whichever folder a page's blob goes into (named by the first two hex digits of its hash) is a link.
    for (let i = 0; i < 256; i++) await symlink(elsewhere, path.join(cacheDir(), 'pages', i.toString(16).padStart(2, '0')));
    const cache = await load();
    await saveBoth(cache);
    expect(await readdir(elsewhere)).toEqual([]);
    expect(log.join('\n')).toMatch(/dropped .*pages\/[0-9a-f]{2}: it is a link, not a folder; it is rebuilt/);
    expect((await restoreInto(await load(), 'index.html', 'k-home')).bytes).toBe('<!DOCTYPE html><title>Home</title>');
  });

  it('drops at once a page its output folder no longer shows, with its blob and the props files only it named', async () => {
    await saveBoth(await load());
    expect(await blobs()).toHaveLength(2);
    // The home page deleted: the next build writes the about page alone.
    expect(await (await load()).save([page('about/index.html', 'k-about')], () => undefined)).toEqual({ added: 0, dropped: 1 });
    const cache = await load();
    expect(cache.find('index.html', 'k-home')).toBeUndefined();
    expect(cache.find('about/index.html', 'k-about')).toBeDefined();
    expect(await blobs()).toHaveLength(1);
    expect(await readFile(path.join(cacheDir(), 'pages/index.json'), 'utf8')).not.toContain('menus-1.json');
  });

  it('keeps one blob for pages of the same bytes, and a page under each key an output folder shows it with', async () => {
    await writeFile(path.join(out(), 'index.html'), '<!DOCTYPE html><title>About</title>');
    await (await load()).save([page('about/index.html', 'k-about'), page('index.html', 'k1')], () => undefined);
    expect(await blobs()).toHaveLength(1);
    // Another output folder (a preview, built under another base) shows the home page under another key, with other bytes.
    const preview = path.join(dir, 'preview');
    await mkdir(preview);
    await writeFile(path.join(preview, 'index.html'), '<!DOCTYPE html><title>Home</title>');
    await (await PageIndex.load(cacheDir(), preview, 'v1', (line) => log.push(line))).save([page('index.html', 'k2', [], preview)], () => undefined);
    const cache = await load();
    expect((await restoreInto(cache, 'index.html', 'k1')).bytes).toBe('<!DOCTYPE html><title>About</title>');
    expect((await restoreInto(cache, 'index.html', 'k2')).bytes).toBe('<!DOCTYPE html><title>Home</title>');
    expect(await blobs()).toHaveLength(2);
    // The home page edited in `out`: its page as it was goes, and the preview's stays.
    await writeFile(path.join(out(), 'index.html'), '<!DOCTYPE html><title>Home, edited</title>');
    await (await load()).save([page('about/index.html', 'k-about'), page('index.html', 'k3')], () => undefined);
    const edited = await load();
    expect(edited.find('index.html', 'k1')).toBeUndefined();
    expect(edited.find('index.html', 'k2')).toBeDefined();
    expect(edited.find('index.html', 'k3')).toBeDefined();
    expect(await blobs()).toHaveLength(3);
  });
});

describe('the page index, as the record of the last output', () => {
  it('finds a page of the last output under the key it was written with, with what it names', async () => {
    await saveBoth(await load());
    const index = await load();
    expect(index.inOutput('index.html', 'k-home')).toEqual({
      bytes: 34,
      sha256: sha256(Buffer.from('<!DOCTYPE html><title>Home</title>')),
      islands: ['NavMenus'],
      images: [],
      props: ['assets/props/menus-1.json'],
    });
    expect(index.inOutput('index.html', 'k-about')).toBeUndefined();
    expect(index.sameOutput(['about/index.html', 'index.html', 'assets/props/menus-1.json'])).toBe(true);
    expect(index.sameOutput(['about/index.html', 'index.html'])).toBe(false);
  });

  it('finds no page changed since it was written, none whose props file changed, and none of an output folder removed since', async () => {
    await saveBoth(await load());
    await writeFile(path.join(out(), 'assets/props/menus-1.json'), '{"menus":[1]}');
    expect((await load()).inOutput('index.html', 'k-home')).toBeUndefined();
    expect((await load()).inOutput('about/index.html', 'k-about')).toBeDefined();
    await writeFile(path.join(out(), 'about/index.html'), '<!DOCTYPE html><title>Changed</title>');
    expect((await load()).inOutput('about/index.html', 'k-about')).toBeUndefined();
    // A CI job restores the cache without the output: the pages are still in the cache, the output is not there to link from.
    await rm(out(), { recursive: true });
    const index = await load();
    expect(index.inOutput('about/index.html', 'k-about')).toBeUndefined();
    expect(index.find('about/index.html', 'k-about')).toBeDefined();
  });

  it(`records each output folder apart, and forgets one no build wrote for ${PAGE_CACHE_BUILDS} builds, with the pages only it showed`, async () => {
    await saveBoth(await load());
    const other = path.join(dir, 'preview');
    await mkdir(other);
    await writeFile(path.join(other, 'index.html'), '<!DOCTYPE html><title>Home</title>');
    const preview = () => PageIndex.load(cacheDir(), other, 'v1', (line) => log.push(line));
    for (let build = 1; build < PAGE_CACHE_BUILDS; build++) {
      await (await preview()).save([page('index.html', 'k-preview')], () => undefined);
      expect((await load()).inOutput('about/index.html', 'k-about'), `build ${build}`).toBeDefined();
    }
    await (await preview()).save([page('index.html', 'k-preview')], () => undefined);
    expect((await load()).inOutput('about/index.html', 'k-about')).toBeUndefined();
    expect((await load()).find('about/index.html', 'k-about')).toBeUndefined();
    expect((await preview()).inOutput('index.html', 'k-preview')).toBeDefined();
  });
});
