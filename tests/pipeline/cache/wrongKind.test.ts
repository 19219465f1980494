import { execFileSync, spawnSync } from 'node:child_process';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readCacheBytes, readCacheFile, removeDeadWorkingFiles, writeCacheFile } from '../../../src/pipeline/cache/cacheFile.ts';
import { ImageCache } from '../../../src/pipeline/cache/imageCache.ts';
import { cacheFileKind, treeHashes } from '../../helpers/fixture.ts';
import { addPhotoArticles, projectCopy, type Project } from '../../helpers/project.ts';

// Something else than a file where a cache file belongs — a folder, a link, a FIFO — or than a
// folder where a folder of the cache belongs: removed (a link itself, never what it names) and
// rebuilt, with one line; never followed, never waited on, never fatal.

/** What can stand where a cache file belongs (each replaces the file at `file`); `outside` is a folder beyond the cache. */
const wrongKinds: [string, (file: string, outside: string) => Promise<void>][] = [
  [
    'a folder holding a file',
    async (file) => {
      await rm(file);
      await mkdir(file);
      await writeFile(path.join(file, 'x'), 'x');
    },
  ],
  [
    'a dangling link',
    async (file, outside) => {
      await rm(file);
      await symlink(path.join(outside, 'nothing-here'), file);
    },
  ],
  [
    // A copy of the file itself, valid: a cache that followed links would use it.
    'a link to a file outside the cache',
    async (file, outside) => {
      const copy = path.join(await mkdtemp(path.join(outside, 'copy-')), path.basename(file));
      await cp(file, copy);
      await rm(file);
      await symlink(copy, file);
    },
  ],
  [
    'a FIFO (reading it would wait forever)',
    async (file) => {
      await rm(file);
      execFileSync('mkfifo', [file]);
    },
  ],
];

/** Every file under `dir` with its bytes: what must survive untouched. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Object.fromEntries(
    await Promise.all(files.map(async (e) => [path.join(e.parentPath, e.name), (await readFile(path.join(e.parentPath, e.name))).toString('base64')])),
  );
}

describe('reading and writing a cache entry of the wrong kind', () => {
  const KIND = { kind: 'test data', schema: z.object({ n: z.number() }) };
  async function cacheWith(name: string) {
    const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-wrong-kind-'));
    const cache = path.join(root, 'cache');
    const outside = path.join(root, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'kept.txt'), 'not the cache’s');
    await writeCacheFile(cache, name, KIND, 'v1', { n: 1 }, () => undefined);
    const log: string[] = [];
    return { cache, outside, log, note: (line: string) => log.push(line), file: path.join(cache, name) };
  }

  for (const [wrong, replace] of wrongKinds) {
    it(`drops ${wrong} in a file's place with one line, leaves what is outside, and writes the file again`, async () => {
      const { cache, outside, log, note, file } = await cacheWith('analyses/v1.json');
      await replace(file, outside);
      const kept = await snapshot(outside);
      const started = Date.now();
      expect(await readCacheFile(cache, 'analyses/v1.json', KIND, 'v1', note)).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(log).toEqual([expect.stringMatching(/^cache: dropped .*analyses\/v1\.json: it is a (folder|link|FIFO), not a file; it is rebuilt$/)]);
      await expect(lstat(file)).rejects.toThrow(/ENOENT/);
      expect(await snapshot(outside)).toEqual(kept);
      await writeCacheFile(cache, 'analyses/v1.json', KIND, 'v1', { n: 2 }, note);
      expect(await readCacheFile(cache, 'analyses/v1.json', KIND, 'v1', note)).toEqual({ n: 2 });
    });
  }

  it('drops a file, a dangling link or a link to a folder outside where a folder of the cache belongs, without entering it', async () => {
    const folders: [string, (dir: string, outside: string) => Promise<void>][] = [
      ['a file', (dir) => writeFile(dir, 'x')],
      ['a dangling link', (dir, outside) => symlink(path.join(outside, 'nothing-here'), dir)],
      ['a link to a folder outside', (dir, outside) => symlink(outside, dir)],
    ];
    for (const [wrong, replace] of folders) {
      const { cache, outside, log, note } = await cacheWith('images/assets/img/a-800.avif');
      // The folder outside holds a valid copy of the entry, and a dead build's working file the cleanup must not reach.
      await cp(path.join(cache, 'images/assets'), path.join(outside, 'assets'), { recursive: true });
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      await writeFile(path.join(outside, `kept.txt.tmp-${dead}-abcd`), 'x');
      await rm(path.join(cache, 'images'), { recursive: true });
      await replace(path.join(cache, 'images'), outside);
      const kept = await snapshot(outside);
      expect(await removeDeadWorkingFiles(cache), wrong).toBe(0);
      // Reads at once, as a build's image work does: one of them says it.
      const reads = await Promise.all(Array.from({ length: 8 }, () => readCacheBytes(cache, 'images/assets/img/a-800.avif', note)));
      expect(reads, wrong).toEqual(reads.map(() => undefined));
      expect(log, wrong).toEqual([expect.stringMatching(/^cache: dropped .*images: it is a (file|link), not a folder; it is rebuilt$/)]);
      expect(await snapshot(outside), wrong).toEqual(kept);
      const images = new ImageCache(cache, note);
      const avif = new Uint8Array([0, 0, 0, 28, ...Buffer.from('ftypavif'), 1, 2, 3]);
      await images.set('assets/img/a-800.avif', avif);
      expect(await images.get('assets/img/a-800.avif')).toEqual(avif);
      expect((await lstat(path.join(cache, 'images'))).isDirectory()).toBe(true);
      expect(await snapshot(outside), wrong).toEqual(kept);
    }
  });

  it('writes an image over a folder in its place instead of failing (it crashed the build)', async () => {
    const { cache, log, note } = await cacheWith('images/assets/img/b-800.avif');
    await rm(path.join(cache, 'images/assets/img/b-800.avif'));
    await mkdir(path.join(cache, 'images/assets/img/b-800.avif/inner'), { recursive: true });
    const images = new ImageCache(cache, note);
    const avif = new Uint8Array([0, 0, 0, 28, ...Buffer.from('ftypavif'), 4, 5, 6]);
    await images.set('assets/img/b-800.avif', avif);
    expect(await images.get('assets/img/b-800.avif')).toEqual(avif);
    expect(log).toEqual([expect.stringContaining('b-800.avif: it is a folder, not a file')]);
  });
});

describe('a build with entries of the wrong kind in .sitegen-cache/', () => {
  let project: Project;
  let cold: Record<string, string>;
  let pristine: string;
  /** One file of each kind: each analysis file, the assets, the public files' hashes, the page index and a page, an image of each format. */
  let entries: string[];

  beforeAll(async () => {
    // The fixture site with photos: every kind of cache file, in a build of 10 pages.
    project = await projectCopy({ content: 'fixture' });
    await addPhotoArticles(project);
    const first = await project.run(['build']);
    expect(first.code, first.stdout).toBe(0);
    cold = await treeHashes(project.out);
    pristine = path.join(project.parent, 'pristine-cache');
    await cp(project.cache, pristine, { recursive: true });
    const files = (await readdir(project.cache, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(project.cache, path.join(e.parentPath, e.name)))
      .sort();
    entries = [...new Map(files.map((f) => [cacheFileKind(f), f])).values()];
  }, 120_000);
  afterAll(() => project?.remove());

  async function restore() {
    await rm(project.cache, { recursive: true, force: true });
    await cp(pristine, project.cache, { recursive: true });
  }

  it('has an entry of each kind to replace', () => {
    expect(entries.map(cacheFileKind)).toEqual(
      expect.arrayContaining([
        'analyses/ID/bodies-S.json',
        'analyses/ID/facts-S.json',
        'assets/ID.json',
        'public-files.json',
        'images/assets/img/ID-W.avif',
        'images/assets/img/ID-W.webp',
        'images/assets/img/ID-W.jpg',
        'pages/index.json',
        'pages/XX/ID',
      ]),
    );
  });

  /** The cache files a build's --verbose output says it dropped, and why. */
  const dropped = (stderr: string) =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('cache: dropped'))
      .map((line) => /^cache: dropped \.sitegen-cache\/(.+?): it is (a \w+), not (a file|a folder); it is rebuilt$/.exec(line)?.slice(1) ?? [line])
      .sort();

  for (const [wrong, replace] of wrongKinds) {
    it(`builds the cold build's bytes with ${wrong} in place of every kind of cache file, and says so once for each`, async () => {
      await restore();
      const outside = await mkdtemp(path.join(project.parent, 'outside-'));
      for (const entry of entries) await replace(path.join(project.cache, entry), outside);
      const kept = await snapshot(outside);
      const { code, stderr, stdout } = await project.run(['build', '--verbose']);
      expect(code, stdout).toBe(0);
      const kind = wrong.startsWith('a folder') ? 'a folder' : wrong.startsWith('a FIFO') ? 'a FIFO' : 'a link';
      expect(dropped(stderr)).toEqual(entries.map((entry) => [entry, kind, 'a file']).sort());
      expect(await treeHashes(project.out)).toEqual(cold);
      expect(await snapshot(outside)).toEqual(kept);
      for (const entry of entries) expect((await lstat(path.join(project.cache, entry))).isFile(), entry).toBe(true);
    }, 300_000);
  }

  it("builds the cold build's bytes with a file, a dangling link and a link to a folder outside in place of the cache's folders, and a folder in place of the lock", async () => {
    await restore();
    const outside = await mkdtemp(path.join(project.parent, 'outside-'));
    // The linked folder holds a valid copy of every image, and a dead build's working file the cleanup must not reach.
    await cp(path.join(project.cache, 'images'), path.join(outside, 'images'), { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    await writeFile(path.join(outside, 'images', `kept.tmp-${dead}-abcd`), 'x');
    await rm(path.join(project.cache, 'images'), { recursive: true });
    await symlink(path.join(outside, 'images'), path.join(project.cache, 'images'));
    await rm(path.join(project.cache, 'analyses'), { recursive: true });
    await writeFile(path.join(project.cache, 'analyses'), 'x');
    await rm(path.join(project.cache, 'assets'), { recursive: true });
    await symlink(path.join(outside, 'nothing-here'), path.join(project.cache, 'assets'));
    await cp(path.join(project.cache, 'pages'), path.join(outside, 'pages'), { recursive: true });
    await rm(path.join(project.cache, 'pages'), { recursive: true });
    await symlink(path.join(outside, 'pages'), path.join(project.cache, 'pages'));
    await mkdir(path.join(project.cache, 'build.lock/inner'), { recursive: true });
    const kept = await snapshot(outside);
    const { code, stderr, stdout } = await project.run(['build', '--verbose']);
    expect(code, stdout).toBe(0);
    expect(dropped(stderr)).toEqual([
      ['analyses', 'a file', 'a folder'],
      ['assets', 'a link', 'a folder'],
      ['images', 'a link', 'a folder'],
      ['pages', 'a link', 'a folder'],
    ]);
    expect(await treeHashes(project.out)).toEqual(cold);
    expect(await snapshot(outside)).toEqual(kept);
    // Healed: the next build takes everything from the cache and says nothing of it.
    const warm = await project.run(['build', '--verbose']);
    expect(warm.code, warm.stdout).toBe(0);
    expect(warm.stderr).toMatch(/^rendered 0 of \d+ pages/m);
    expect(warm.stderr).toMatch(/images ready \(0 made, [1-9]\d* from the cache\)/);
    expect(warm.stderr).not.toContain('cache:');
  }, 300_000);
});
