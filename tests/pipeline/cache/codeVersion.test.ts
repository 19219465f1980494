import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { codeVersion } from '../../../src/pipeline/cache/codeVersion.ts';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

/** A project of one source, one template and `public/price.txt`; the version its public files' hashes (kept in .sitegen-cache) make. */
async function project() {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-public-'));
  for (const dir of ['src', 'templates', 'public']) await mkdir(path.join(root, dir));
  await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;');
  await writeFile(path.join(root, 'templates/Page.tsx'), 'export const Page = () => null;');
  const cache = path.join(root, '.sitegen-cache');
  const price = path.join(root, 'public/price.txt');
  /** Writes the price as `cp -p`, `rsync -a` or an unzip leave it: the same size and modification time each time. */
  const setPrice = async (text: string) => {
    await writeFile(price, text);
    await utimes(price, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  };
  const version = async () => {
    const code = await codeVersion(root, path.join(root, 'public'), cache);
    await code.save();
    return code.version;
  };
  return { setPrice, version, memo: () => readFile(path.join(cache, 'public-files.json'), 'utf8').catch(() => '') };
}

describe('the hashes of public/ files a build keeps', () => {
  it('see an edit that keeps the file’s size and modification time', async () => {
    const { setPrice, version, memo } = await project();
    await setPrice('price: 100 EUR\n');
    // Past the step of the coarsest file times: the file's hash is kept by its stamp.
    await sleep(2100);
    const hundred = await version();
    expect(await memo()).toMatch(/"price\.txt":\["\d+:15:\d+:\d+",/);
    expect(await version()).toBe(hundred);
    await setPrice('price: 250 EUR\n');
    expect(await version()).not.toBe(hundred);
  });

  it('are not kept for a file changed moments ago, which a second save in the same step of its time could change unseen', async () => {
    const { setPrice, version, memo } = await project();
    await setPrice('price: 100 EUR\n');
    const hundred = await version();
    expect(await memo()).toContain('"price.txt":["",');
    await setPrice('price: 250 EUR\n');
    expect(await version()).not.toBe(hundred);
  });
});

describe('a link in place of .sitegen-cache', () => {
  it('is neither followed nor repaired by the read as the builder starts, which leaves it to the build lock; the save writes in a folder of its own', async () => {
    const { setPrice } = await project();
    await setPrice('price: 100 EUR\n');
    const outside = path.join(root, '..', `${path.basename(root)}-outside`);
    await mkdir(outside);
    try {
      await writeFile(path.join(outside, 'public-files.json'), 'the user’s file\n');
      const cache = path.join(root, '.sitegen-cache');
      await symlink(outside, cache);
      // A read that removed the link could move aside the folder a build's lock makes in its place meanwhile.
      const code = await codeVersion(root, path.join(root, 'public'), cache);
      expect((await lstat(cache)).isSymbolicLink()).toBe(true);
      await code.save();
      expect((await lstat(cache)).isDirectory()).toBe(true);
      expect(await readFile(path.join(cache, 'public-files.json'), 'utf8')).toContain('price.txt');
      expect(await readdir(outside)).toEqual(['public-files.json']);
      expect(await readFile(path.join(outside, 'public-files.json'), 'utf8')).toBe('the user’s file\n');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
