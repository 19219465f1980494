import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/fixture.ts';

// Made before the cases are listed, which name files in it.
const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-diff-'));
beforeAll(async () => {
  await writeFile(path.join(dir, 'notes.json'), '{"pages": []}\n');
  await writeFile(path.join(dir, 'notes.txt'), 'pages: none\n');
  await writeFile(path.join(dir, 'old.json'), '{"format": "sitegen-pages", "version": 1, "pages": {}, "files": {}}\n');
  await writeFile(path.join(dir, 'damaged.json'), '{"format": "sitegen-pages", "version": 2, "pages": {"about": "x"}, "files": {}, "assets": {}}\n');
  await writeFile(path.join(dir, 'good.json'), '{"format": "sitegen-pages", "version": 2, "pages": {"/": "x"}, "files": {}, "assets": {}}\n');
  await writeFile(
    path.join(dir, 'drafts.json'),
    '{"format": "sitegen-pages", "version": 3, "pages": {"/": "x"}, "files": {}, "assets": {}, "unreleased": {"/articles/next": {"status": "draft"}}}\n',
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const at = (name: string) => path.join(dir, name);

describe('sitegen diff usage errors: exit 2 and one line', () => {
  it.each([
    ['a missing folder', [at('no-such-build'), at('good.json')], `sitegen diff: no folder or file ${at('no-such-build')}\n`],
    ['a folder holding no page', [at('good.json'), dir], `sitegen diff: ${dir} holds no built page: run \`sitegen build\` first, or name a page manifest\n`],
    [
      'JSON that is not a manifest',
      [at('notes.json'), at('good.json')],
      `sitegen diff: ${at('notes.json')} is neither a built site nor a page manifest (one is written by \`sitegen diff --manifest DIR\`)\n`,
    ],
    [
      'a file that is not JSON',
      [at('good.json'), at('notes.txt')],
      `sitegen diff: ${at('notes.txt')} is neither a built site nor a page manifest (not JSON)\n`,
    ],
    [
      'a manifest of another version',
      [at('old.json'), at('good.json')],
      `sitegen diff: ${at('old.json')} is a page manifest of version 1, and this sitegen reads versions 2, 3 and 4: write it again with this sitegen\n`,
    ],
    [
      'a damaged manifest',
      [at('damaged.json'), at('good.json')],
      new RegExp(`^sitegen diff: ${at('damaged.json')} is a damaged page manifest \\(pages\\.about: [^\\n]+\\)\\n$`),
    ],
    ['one side only', [at('good.json')], 'sitegen diff: name the site before and the site after: sitegen diff OLD NEW (built folders or page manifests)\n'],
    ['--manifest with sides', ['--manifest', dir, at('good.json')], "sitegen diff: --manifest DIR prints one folder's manifest: name no OLD or NEW with it\n"],
  ])('%s', async (_, args, line) => {
    const { code, stdout, stderr } = await runCli('diff', ...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    if (typeof line === 'string') expect(stderr).toBe(line);
    else expect(stderr).toMatch(line);
  });

  it('an unknown format', async () => {
    const { code, stderr } = await runCli('diff', at('good.json'), at('good.json'), '--format', 'html');
    expect(code).toBe(2);
    expect(stderr).toContain("argument 'html' is invalid. Allowed choices are text, json, markdown");
  });

  it.each([
    [
      'an empty path segment, as a preview host written with a slash at its end gives',
      'https://p.example//pr-1',
      'holds an empty path segment (//): write https://p.example/pr-1',
    ],
    ['a query', 'https://p.example/pr-1?ref=x', 'must hold no ? or #: the paths of the pages are added to it'],
    ['no scheme', 'p.example/pr-1', 'must be an http:// or https:// URL'],
  ])('a --preview-url with %s', async (_, value, problem) => {
    const { code, stdout, stderr } = await runCli('diff', at('good.json'), at('good.json'), '--preview-url', value);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`error: option '--preview-url <url>' argument '${value}' is invalid. ${problem}`);
  });

  it('a --preview-url with a slash at its end is the same address', async () => {
    expect(await runCli('diff', at('good.json'), at('good.json'), '--preview-url', 'https://p.example/pr-1/')).toMatchObject({ code: 0, stderr: '' });
  });

  it('two equal sites are no error: exit 0', async () => {
    expect(await runCli('diff', at('good.json'), at('good.json'))).toEqual({ code: 0, stdout: 'no page, other file or asset changed\n', stderr: '' });
  });

  it('reads a manifest of version 2 (written before manifests recorded drafts) beside one of version 3', async () => {
    const { code, stdout } = await runCli('diff', at('good.json'), at('drafts.json'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^not published by merging [^\n]*: 1 page\n {4}\/articles\/next {2}\(draft\)\n/);
  });
});
