import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smallBuiltSite } from '../helpers/builtSite.ts';
import { runCli, treeHashes } from '../helpers/fixture.ts';

/** Two small built sites whose /about differs, and a folder for --out; no Chromium is started (each case stops before). */
let dir: string;
let old: string;
let now: string;
const savedChrome = process.env.CHROME_PATH;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-review-usage-'));
  [old, now] = [await smallBuiltSite(), await smallBuiltSite()];
  await writeFile(path.join(now, 'about/index.html'), '<!DOCTYPE html><title>About us</title><main><h1>About us</h1></main></html>');
});
afterEach(() => {
  if (savedChrome === undefined) delete process.env.CHROME_PATH;
  else process.env.CHROME_PATH = savedChrome;
});
afterAll(() => Promise.all([dir, old, now].map((folder) => rm(folder, { recursive: true, force: true }))));

/** A folder of files under `dir`, and a way to tell that none of them changed. */
async function folderOf(name: string, files: Record<string, string>) {
  const folder = path.join(dir, name);
  await mkdir(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
  return { folder, hashes: await treeHashes(folder) };
}

async function usageError(...args: string[]) {
  const result = await runCli('review', ...args);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toHaveLength(2);
  return result.stderr;
}

describe('sitegen review usage errors: exit 2, one line, and --out left as it was', () => {
  it('an OLD that is not a built folder', async () => {
    const missing = path.join(dir, 'no-such-build');
    expect(await usageError(missing, now, '--out', path.join(dir, 'out-missing'))).toBe(
      `sitegen review: no built folder ${missing}: a review captures pages, so each side is a built folder or s3://BUCKET/PREFIX/\n`,
    );
    const { folder: content } = await folderOf('content', { 'site.yaml': 'name: Not built\n' });
    expect(await usageError(content, now, '--out', path.join(dir, 'out-content'))).toBe(
      `sitegen review: ${content} holds no built page: run \`sitegen build\` first, or name a page manifest\n`,
    );
  });

  it('--out holding files that are not a review', async () => {
    const { folder, hashes } = await folderOf('notes', { 'notes.md': '# Mine\n', 'todo.txt': 'keep me\n' });
    expect(await usageError(old, now, '--out', folder)).toBe(
      `sitegen review: ${folder} is not empty and holds no review.json: choose an empty or new folder for --out\n`,
    );
    expect(await treeHashes(folder)).toEqual(hashes);
  });

  it('a --page that is not a page of both sites', async () => {
    const { folder, hashes } = await folderOf('last-page', { 'review.json': '{}\n', 'a.webp': 'image' });
    expect(await usageError(old, now, '--out', folder, '--page', '/about', '--page', '/nope')).toBe(
      'sitegen review: --page /nope is not a page of both sites: name a route both have, such as /\n',
    );
    expect(await treeHashes(folder)).toEqual(hashes);
  });

  it('no Chromium: CHROME_PATH names nothing, and the last review stays', async () => {
    process.env.CHROME_PATH = '/nonexistent';
    const { folder, hashes } = await folderOf('last-review', { 'review.json': '{}\n', 'a.webp': 'image' });
    expect(await usageError(old, now, '--out', folder)).toBe(
      "sitegen review: CHROME_PATH names /nonexistent, which does not exist: set it to Chromium's program, or unset it to use an installed one\n",
    );
    expect(await treeHashes(folder)).toEqual(hashes);
  });
});
