import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireBuildLock } from '../../src/pipeline/buildLock.ts';
import { processStartTime } from '../../src/runtime/processes.ts';
import { treeHashes } from '../helpers/fixture.ts';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
let cold: Record<string, string>;
const lockFile = () => path.join(project.cache, 'build.lock');
const holder = (pid: number) => JSON.stringify({ pid, host: hostname(), since: '2026-11-23T09:00:00.000Z', token: `token-${pid}` });
const WAITING = /^waiting for another sitegen build of this project to finish \(process \d+/m;

beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
  expect((await project.run(['build'])).code).toBe(0);
  cold = await treeHashes(project.out);
}, 60_000);
afterAll(() => project?.remove());

/** The cache is whole when the next build renders nothing again and drops nothing. */
async function expectIntact() {
  const { code, stderr } = await project.run(['build', '--verbose']);
  expect(code).toBe(0);
  expect(stderr).toMatch(/^rendered 0 of \d+ pages/m);
  expect(stderr).not.toContain('cache:');
  expect(await treeHashes(project.out)).toEqual(cold);
}

describe('one build at a time', () => {
  it('runs a build started while another runs after it: both succeed, the second says it waits', async () => {
    // Without a cache, so that both have real work to do at the same time.
    await rm(project.cache, { recursive: true, force: true });
    const running = finished(project.start(['build']));
    let ended = false;
    void running.then(() => (ended = true));
    // The second starts once the first holds the lock (a cold build holds it for a second or more), however slow the first is to start.
    while (!ended && !existsSync(lockFile())) await sleep(10);
    const [first, second] = await Promise.all([running, finished(project.start(['build']))]);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stderr).not.toMatch(WAITING);
    expect(second.stderr).toMatch(WAITING);
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
    const child = project.start(['build']);
    const run = finished(child);
    // Released once the build says it waits (a fixed delay raced a slow start on a busy machine), or once it ended without waiting.
    let said = '';
    await new Promise((resolve) => {
      child.stderr!.on('data', (chunk: Buffer) => WAITING.test((said += chunk.toString())) && resolve(undefined));
      child.on('close', resolve);
    });
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
      expect(stderr).not.toMatch(WAITING);
    }
    await expectIntact();
  });
});

describe('the lock between processes', () => {
  /** A process that takes the lock, notes when it held it, and lets go. */
  const TAKER = `
import { appendFileSync } from 'node:fs';
import { acquireBuildLock } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../src/pipeline/buildLock.ts'))};
const [dir, log] = process.argv.slice(2);
const release = await acquireBuildLock(dir, () => undefined);
const entered = performance.timeOrigin + performance.now();
await new Promise((resolve) => setTimeout(resolve, 100));
appendFileSync(log, JSON.stringify([entered, performance.timeOrigin + performance.now()]) + '\\n');
await release();
`;

  it('is held by one process at a time when several take over a dead holder’s lock at once', async () => {
    const dir = path.join(project.parent, 'race');
    await mkdir(dir, { recursive: true });
    const source = path.join(dir, 'taker.mts');
    await writeFile(source, TAKER);
    // Bundled once: each of the 24 takers starts as plain Node, without compiling TypeScript first.
    const script = path.join(dir, 'taker.mjs');
    await build({ entryPoints: [source], outfile: script, bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    for (let trial = 0; trial < 6; trial++) {
      const log = path.join(dir, `held-${trial}.log`);
      await writeFile(path.join(dir, 'build.lock'), holder(gone));
      const takers = Array.from({ length: 4 }, () => finished(spawn(process.execPath, [script, dir, log], { stdio: ['ignore', 'pipe', 'pipe'] })));
      for (const taker of await Promise.all(takers)) expect(taker.code, taker.stderr).toBe(0);
      const spans = (await readFile(log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as [number, number])
        .sort((a, b) => a[0] - b[0]);
      expect(spans).toHaveLength(4);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0], `trial ${trial}: two holders at once`).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    }
  }, 120_000);
});

describe('who counts as gone', () => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(project.parent, 'judged');
    await mkdir(dir, { recursive: true });
  });
  const lock = () => path.join(dir, 'build.lock');
  /** Takes the lock and lets it go; says whether it had to wait for it (a wait is ended after `ms` by removing the lock). */
  async function takeWithin(ms: number): Promise<'taken at once' | 'waited'> {
    let waited = false;
    const taking = acquireBuildLock(dir, () => (waited = true));
    // Still waiting after `ms`: the holder goes away, so that the lock is taken and let go.
    if (!(await Promise.race([taking.then(() => true), sleep(ms).then(() => false)]))) await rm(lock(), { force: true });
    await (
      await taking
    )();
    return waited ? 'waited' : 'taken at once';
  }

  it('takes over the lock of a build that died inside this process (a watch worker), and of a reused pid', async () => {
    await writeFile(lock(), JSON.stringify({ pid: process.pid, host: hostname(), since: '', token: 'a build that died here' }));
    expect(await takeWithin(2000)).toBe('taken at once');
    const other = spawn('sleep', ['30']);
    try {
      await writeFile(lock(), JSON.stringify({ pid: other.pid, started: '1', host: hostname(), since: '', token: 'long gone' }));
      expect(await takeWithin(2000)).toBe('taken at once');
      await writeFile(lock(), JSON.stringify({ pid: other.pid, started: processStartTime(other.pid!), host: hostname(), since: '', token: 'alive' }));
      expect(await takeWithin(600)).toBe('waited');
    } finally {
      other.kill();
    }
  });

  it('takes over at once a folder, a dangling link, a link to a live holder’s lock outside, or a FIFO in the lock’s place, and leaves what the link names', async () => {
    const other = spawn('sleep', ['30']);
    const outside = path.join(project.parent, 'live-lock-outside');
    try {
      // A lock that followed the link would wait for this live holder.
      await writeFile(outside, holder(other.pid!));
      const places: [string, () => Promise<unknown>][] = [
        ['a folder', () => mkdir(path.join(lock(), 'inner'), { recursive: true })],
        ['a dangling link', () => symlink(path.join(dir, 'nothing-here'), lock())],
        ['a link outside', () => symlink(outside, lock())],
        ['a FIFO', async () => spawnSync('mkfifo', [lock()])],
      ];
      for (const [place, make] of places) {
        await make();
        expect(await takeWithin(2000), place).toBe('taken at once');
        expect(existsSync(lock()), place).toBe(false);
      }
      expect(await readFile(outside, 'utf8')).toBe(holder(other.pid!));
    } finally {
      other.kill();
    }
  });

  it('makes the cache a folder when a file stands in its place', async () => {
    const cache = path.join(dir, 'cache-that-is-a-file');
    await writeFile(cache, 'x');
    const release = await acquireBuildLock(cache, () => undefined);
    expect(existsSync(path.join(cache, 'build.lock'))).toBe(true);
    await release();
  });

  it('waits for a lock from another machine while it is kept fresh, and takes it over once it is a minute old', async () => {
    await writeFile(lock(), JSON.stringify({ pid: 1, host: 'another-machine', since: '', token: 'remote' }));
    expect(await takeWithin(600)).toBe('waited');
    await writeFile(lock(), JSON.stringify({ pid: 1, host: 'another-machine', since: '', token: 'remote' }));
    const old = new Date(Date.now() - 61_000);
    await utimes(lock(), old, old);
    expect(await takeWithin(2000)).toBe('taken at once');
  });
});
