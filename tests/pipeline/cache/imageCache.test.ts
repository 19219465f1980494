import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageCache, removeUnnamedImages } from '../../../src/pipeline/cache/imageCache.ts';

const NAME = 'Ab12Cd34Ef56Gh78-800.avif';
/** The start of an AVIF file (an ISO box `ftyp` of brand `avif`), then a few bytes: what the cache checks an AVIF by. */
const AVIF = new Uint8Array([0, 0, 0, 28, ...Buffer.from('ftypavif'), 1, 2, 3, 4, 5]);

async function cacheWithImage() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-images-'));
  const log: string[] = [];
  const cache = new ImageCache(dir, (line) => log.push(line));
  await cache.set(NAME, AVIF);
  return { cache, log, file: path.join(dir, 'images', NAME) };
}

describe('the processed images cache', () => {
  it('gives back the bytes it was given, by name', async () => {
    const { cache, log } = await cacheWithImage();
    expect(await cache.get(NAME)).toEqual(AVIF);
    expect(await cache.get('Zz12Cd34Ef56Gh78-800.avif')).toBeUndefined();
    expect(log).toEqual([]);
  });

  it('drops a truncated or altered file, or one whose checksum agrees over bytes that are no image of its format, and the image is made again', async () => {
    const notAnImage = (data: Buffer) => {
      const header = JSON.parse(data.toString('latin1').split('\n')[0]!) as Record<string, string>;
      const bytes = Buffer.from('{"hash":1}');
      return Buffer.concat([Buffer.from(`${JSON.stringify({ ...header, sha256: createHash('sha256').update(bytes).digest('hex') })}\n`), bytes]);
    };
    for (const damage of [
      notAnImage,
      (data: Buffer) => data.subarray(0, data.length - 2),
      (data: Buffer) => Buffer.concat([data.subarray(0, -1), Buffer.from([9])]),
      () => Buffer.from('not a cache file'),
    ]) {
      const { cache, log, file } = await cacheWithImage();
      await writeFile(file, damage(await readFile(file)));
      expect(await cache.get(NAME)).toBeUndefined();
      expect(log).toEqual([expect.stringMatching(/^cache: dropped .*Ab12Cd34Ef56Gh78-800\.avif: it is truncated or damaged; the image is made again$/)]);
      await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    }
  });

  it('removes the images no page names, keeps those named and those a live build is writing, and never removes through a link', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-images-'));
    const cache = new ImageCache(dir, () => undefined);
    const [kept, gone] = ['assets/img/Ab12Cd34Ef56Gh78-800.avif', 'assets/img/Zz12Cd34Ef56Gh78-800.avif'];
    for (const name of [kept, gone]) await cache.set(name, AVIF);
    const writing = `assets/img/Yy12Cd34Ef56Gh78-800.avif.tmp-${process.pid}-1a2b3c4d`;
    await writeFile(path.join(dir, 'images', writing), 'being written');
    await removeUnnamedImages(dir, new Set([kept]));
    const left = async () => ((await readdir(path.join(dir, 'images'), { recursive: true })) as string[]).map((f) => f.split(path.sep).join('/')).sort();
    expect(await left()).toEqual(['assets', 'assets/img', kept, writing].sort());
    // The images folder replaced by a link to another folder: what it leads to is not the cache's.
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sitegen-elsewhere-'));
    await mkdir(path.join(elsewhere, 'assets'));
    await writeFile(path.join(elsewhere, 'assets/other.avif'), 'not the cache');
    await rename(path.join(dir, 'images'), path.join(dir, 'images-moved'));
    await symlink(elsewhere, path.join(dir, 'images'));
    await removeUnnamedImages(dir, new Set());
    expect(await readFile(path.join(elsewhere, 'assets/other.avif'), 'utf8')).toBe('not the cache');
  });
});
