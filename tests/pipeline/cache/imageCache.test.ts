import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageCache } from '../../../src/pipeline/cache/imageCache.ts';

const NAME = 'Ab12Cd34Ef56Gh78-800.avif';

async function cacheWithImage() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-images-'));
  const log: string[] = [];
  const cache = new ImageCache(dir, (line) => log.push(line));
  await cache.set(NAME, new Uint8Array([1, 2, 3, 4, 5]));
  return { cache, log, file: path.join(dir, 'images', NAME) };
}

describe('the processed images cache', () => {
  it('gives back the bytes it was given, by name', async () => {
    const { cache, log } = await cacheWithImage();
    expect(await cache.get(NAME)).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
    expect(await cache.get('Zz12Cd34Ef56Gh78-800.avif')).toBeUndefined();
    expect(log).toEqual([]);
  });

  it('drops a truncated or altered file, says so, and the image is made again', async () => {
    for (const damage of [(data: Buffer) => data.subarray(0, data.length - 2), (data: Buffer) => Buffer.concat([data.subarray(0, -1), Buffer.from([9])]), () => Buffer.from('not a cache file')]) {
      const { cache, log, file } = await cacheWithImage();
      await writeFile(file, damage(await readFile(file)));
      expect(await cache.get(NAME)).toBeUndefined();
      expect(log).toEqual([expect.stringMatching(/^cache: dropped .*Ab12Cd34Ef56Gh78-800\.avif: it is truncated or damaged; the image is made again$/)]);
      await expect(readFile(file)).rejects.toThrow(/ENOENT/);
    }
  });
});
