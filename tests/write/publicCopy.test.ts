import { mkdir, mkdtemp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError } from '../../src/diagnostics.ts';
import { publicFiles } from '../../src/load/publicFiles.ts';
import { OutputStore } from '../../src/write/outputStore.ts';

let root: string;
const at = (rel: string) => path.join(root, rel);
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-public-copy-'));
  await mkdir(at('public/images'), { recursive: true });
  await writeFile(at('package.json'), '{ "name": "secret-internal" }\n');
  await writeFile(at('public/brand.txt'), 'Touchline brand kit\n');
  await writeFile(at('public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Copies what a walk of public/ found into a new version of the output, after `meanwhile` has run. */
async function copyAfter(meanwhile: () => Promise<void>) {
  const { files } = publicFiles(at('public'), root);
  await meanwhile();
  const staged = await new OutputStore(at('dist')).open();
  return { staged, copied: staged.addPublic(files, false) };
}

describe('the copy of public/ into the output', () => {
  it('copies the files the walk checked', async () => {
    const { staged, copied } = await copyAfter(async () => undefined);
    await copied;
    expect((await readdir(staged.dir, { recursive: true })).sort()).toEqual(['brand.txt', 'images', 'images/logo.svg']);
  });

  it('refuses a file swapped for a link after its check (to package.json), naming it, and copies nothing of the link', async () => {
    const { staged, copied } = await copyAfter(async () => {
      await symlink('../package.json', at('public/.swap'));
      await rename(at('public/.swap'), at('public/brand.txt'));
    });
    const error = await copied.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).diagnostics.map((d) => `${path.relative(root, d.file)} ${d.rule}`)).toEqual([
      'public/brand.txt public/changed-during-build',
    ]);
    expect(await readdir(staged.dir, { recursive: true })).not.toContain('brand.txt');
  });

  it('refuses a file replaced by another after its check (an unchecked SVG), even with the same size and time', async () => {
    const { copied } = await copyAfter(async () => {
      await writeFile(at('public/images/.new.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>\n');
      await rename(at('public/images/.new.svg'), at('public/images/logo.svg'));
    });
    await expect(copied).rejects.toBeInstanceOf(ContentError);
  });
});
