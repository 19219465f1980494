import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
let cold: Record<string, string>;
const lockFile = () => path.join(project.cache, 'build.lock');
const holder = (pid: number) => JSON.stringify({ pid, host: hostname(), since: '2026-11-23T09:00:00.000Z', token: `token-${pid}` });
const WAITING = /^waiting for another sitegen build of this project to finish \(process \d+/m;

beforeAll(async () => {
  project = await projectCopy();
  expect((await project.run(['build'])).code).toBe(0);
  cold = await treeHashes(project.out);
}, 60_000);
afterAll(() => project?.remove());

/** The cache is whole when the next build renders nothing again and drops nothing. */
async function expectIntact() {
  const { code, stdout } = await project.run(['build', '--verbose']);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^rendered 0 of \d+ pages/m);
  expect(stdout).not.toContain('cache:');
  expect(await treeHashes(project.out)).toEqual(cold);
}

describe('one build at a time', () => {
  it('runs two builds started at once one after the other: both succeed, the second says it waits', async () => {
    // Without a cache, so that both have real work to do at the same time.
    await rm(project.cache, { recursive: true, force: true });
    const [first, second] = await Promise.all([finished(project.start(['build'])), finished(project.start(['build']))]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect([first.stderr, second.stderr].filter((e) => WAITING.test(e))).toHaveLength(1);
    expect(await treeHashes(project.out)).toEqual(cold);
    await expectIntact();
  });

  it('runs three builds into two outputs at once without corrupting either or the cache', async () => {
    await rm(project.cache, { recursive: true, force: true });
    const results = await Promise.all([project.start(['build']), project.start(['build', '--out', 'other']), project.start(['build'])].map(finished));
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(await treeHashes(project.file('other'))).toEqual(cold);
    await expectIntact();
  });

  it('waits while a live process holds the lock, and goes on once it is released', async () => {
    await writeFile(lockFile(), holder(process.pid));
    const run = finished(project.start(['build']));
    await sleep(1500);
    await rm(lockFile());
    const { code, stderr } = await run;
    expect(code).toBe(0);
    expect(stderr.split('\n').filter((line) => WAITING.test(line))).toEqual([expect.stringContaining(`process ${process.pid} on ${hostname()}`)]);
  });

  it('takes over a lock left by a process that is gone, or one whose text is damaged, without waiting', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    for (const text of [holder(gone), '', '{"pid":']) {
      await writeFile(lockFile(), text);
      const { code, stderr } = await project.run(['build']);
      expect(code).toBe(0);
      expect(stderr).toBe('');
    }
    await expectIntact();
  });
});
