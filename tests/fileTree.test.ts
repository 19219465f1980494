import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTree, readTreeSync } from '../src/fileTree.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-tree-'));
  await mkdir(path.join(dir, 'tree/a/b'), { recursive: true });
  await mkdir(path.join(dir, 'tree/c'));
  await mkdir(path.join(dir, 'outside/deep'), { recursive: true });
  for (const file of ['tree/top.txt', 'tree/a/one.txt', 'tree/a/b/two.txt', 'tree/c/three.txt', 'outside/deep/secret.txt'])
    await writeFile(path.join(dir, file), file);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const names = (entries: { parentPath: string; name: string; isSymbolicLink(): boolean; isDirectory(): boolean }[]) =>
  entries.map((e) => `${path.relative(path.join(dir, 'tree'), path.join(e.parentPath, e.name))}${e.isSymbolicLink() ? ' (link)' : e.isDirectory() ? '/' : ''}`);

describe('readTree and readTreeSync', () => {
  it('list a tree without links as a recursive readdir does', async () => {
    const expected = names(await readdir(path.join(dir, 'tree'), { recursive: true, withFileTypes: true })).sort();
    expect(names(await readTree(path.join(dir, 'tree'))).sort()).toEqual(expected);
    expect(names(readTreeSync(path.join(dir, 'tree'))).sort()).toEqual(expected);
  });

  it('list a link as the link it is and never what it leads to: a folder outside, a folder inside, a folder around it', async () => {
    await symlink(path.join(dir, 'outside'), path.join(dir, 'tree/out'));
    await symlink(path.join(dir, 'tree/a'), path.join(dir, 'tree/c/again'));
    await symlink('..', path.join(dir, 'tree/a/b/up'));
    for (const entries of [await readTree(path.join(dir, 'tree')), readTreeSync(path.join(dir, 'tree'))])
      expect(names(entries).sort()).toEqual(
        ['a/', 'a/b/', 'a/b/two.txt', 'a/b/up (link)', 'a/one.txt', 'c/', 'c/again (link)', 'c/three.txt', 'out (link)', 'top.txt'].sort(),
      );
  });
});
