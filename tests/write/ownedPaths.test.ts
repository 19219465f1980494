import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_LINE } from '../../src/watch/buildReport.ts';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

// sitegen never follows a link where it writes: a link to a folder outside the project, planted
// at each path it creates, replaces or deletes, is removed as a link where the path is sitegen's
// own (its caches, watch's folder) and refused with one line where it is the user's (the output,
// the editor schemas); the folder it leads to is byte for byte what it was.

/** Every entry under `dir`, not followed: its kind and its bytes (a file) or target (a link). */
async function tree(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const shown = await Promise.all(
    entries.map(async (e): Promise<[string, string]> => {
      const file = path.join(e.parentPath, e.name);
      const what = e.isSymbolicLink()
        ? `link ${await readlink(file)}`
        : e.isFile()
          ? `file ${createHash('sha256')
              .update(await readFile(file))
              .digest('hex')}`
          : e.isDirectory()
            ? 'folder'
            : 'other';
      return [path.relative(dir, file), what];
    }),
  );
  return Object.fromEntries(shown.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A folder outside the project holding what a cache, an output or a lock would find tempting there: its names, a marker of a complete output. */
async function plantedOutside(project: Project): Promise<string> {
  const outside = path.join(project.parent, 'outside');
  await rm(outside, { recursive: true, force: true });
  await mkdir(path.join(outside, 'analyses/old-version'), { recursive: true });
  await writeFile(path.join(outside, 'analyses/user-file.txt'), 'data\n');
  await writeFile(path.join(outside, 'analyses/old-version/facts-0.json'), 'the user’s\n');
  await writeFile(path.join(outside, 'public-files.json'), 'x\n');
  await writeFile(path.join(outside, 'index.json'), '{}\n');
  await writeFile(path.join(outside, '.sitegen-output'), '{"generator":"sitegen"}\n');
  await writeFile(path.join(outside, 'index.html'), '<p>the user’s page</p>\n');
  return outside;
}

/** Runs `watch` until its first build is served, then stops it. */
async function watchOnce(project: Project) {
  const child = project.start(['watch', '--port', '0']);
  const ended = finished(child);
  let said = '';
  child.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  for (let i = 0; i < 1200 && !said.split('\n').some((line) => BUILT_LINE.test(line)) && child.exitCode === null; i++) await sleep(50);
  child.kill('SIGINT');
  return ended;
}

describe('a link planted where sitegen writes', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectCopy({ content: 'fixture' });
    const first = await project.run(['build']);
    expect(first.code, first.stdout + first.stderr).toBe(0);
  }, 300_000);
  afterAll(() => project?.remove());

  const version = `${'9'.repeat(13)}-1-abcdef12`;
  /** Paths of sitegen's own, planted together where they can be: each link is removed and the command does its work. */
  const removed: [string[], string[]][] = [
    [['.sitegen-cache'], ['build']],
    [
      [
        '.sitegen-cache/analyses',
        '.sitegen-cache/assets',
        '.sitegen-cache/images',
        '.sitegen-cache/pages/index.json',
        '.sitegen-cache/public-files.json',
        '.sitegen-cache/build.lock',
        `.dist.sitegen/${version}`,
      ],
      ['build'],
    ],
    [['.sitegen-cache/pages'], ['build']],
    [['node_modules/.cache/sitegen'], ['check']],
    [['.sitegen-watch'], ['watch']],
  ];
  for (const [rels, args] of removed) {
    it(`removes a link at ${rels.join(', ')} (sitegen ${args[0]}), never what it leads to`, async () => {
      const outside = await plantedOutside(project);
      for (const rel of rels) {
        const at = project.file(rel);
        await rm(at, { recursive: true, force: true });
        await mkdir(path.dirname(at), { recursive: true });
        await symlink(outside, at);
      }
      const before = await tree(outside);
      const { code, stdout, stderr } = args[0] === 'watch' ? await watchOnce(project) : await project.run(args);
      expect(code, stdout + stderr).toBe(0);
      expect(await tree(outside)).toEqual(before);
      for (const rel of rels) expect(lstatSync(project.file(rel), { throwIfNoEntry: false })?.isSymbolicLink() ?? false, rel).toBe(false);
    }, 120_000);
  }

  it("removes a link at the compiled generator's V8 cache and at Node's folder in it, never what it leads to", async () => {
    const base = project.file('node_modules/.cache/sitegen/code');
    const [compilation] = (await readdir(base)).filter((name) => /^[0-9a-f]{16}-[0-9a-f]{8}$/.test(name));
    const cache = path.join(base, compilation!, 'v8');
    // The folder itself, then (on Node 22 and later, which keep V8's cache) the folder Node made in it for its version.
    for (const at of [cache, ...(await readdir(cache).catch(() => [] as string[])).map((name) => path.join(cache, name))]) {
      const outside = await plantedOutside(project);
      await rm(at, { recursive: true, force: true });
      await symlink(outside, at);
      const before = await tree(outside);
      const { code, stdout, stderr } = await project.run(['check']);
      expect(code, stdout + stderr).toBe(0);
      expect(await tree(outside), at).toEqual(before);
      expect(lstatSync(at).isSymbolicLink(), at).toBe(false);
    }
  }, 120_000);

  /** Paths the user owns: the command refuses in one line, before anything is written. */
  const refused: [string, string[], RegExp][] = [
    ['dist', ['build'], /^sitegen: refusing to write the site into dist: it is a link to .*outside, which sitegen did not make/],
    ['.dist.sitegen', ['build'], /^sitegen: refusing to write the site into dist: sitegen keeps its versions in \.dist\.sitegen beside it/],
    ['content/.schemas', ['schemas'], /^sitegen: cannot write content\/\.schemas: it is a link/],
    ['.vscode', ['schemas'], /^sitegen: cannot write \.vscode: it is a link/],
  ];
  for (const [rel, args, line] of refused) {
    it(`refuses a link at ${rel} (sitegen ${args[0]}) in one line`, async () => {
      const outside = await plantedOutside(project);
      const at = project.file(rel);
      const aside = `${at}.aside`;
      if (existsSync(at) || lstatSync(at, { throwIfNoEntry: false })) await rename(at, aside);
      await symlink(outside, at);
      const before = await tree(outside);
      try {
        const { code, stdout, stderr } = await project.run(args);
        expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
        expect(stderr).toMatch(line);
        expect(stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(await tree(outside)).toEqual(before);
      } finally {
        await rm(at);
        if (existsSync(aside)) await rename(aside, at);
      }
    }, 120_000);
  }
});
