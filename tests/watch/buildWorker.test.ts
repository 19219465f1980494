import { execFileSync } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_LINE } from '../../src/watch/buildReport.ts';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy();
  expect((await project.run(['check'])).code).toBe(0);
}, 60_000);
afterAll(() => project?.remove());

/** The esbuild processes a process has started, with their state (Z: dead, never reaped). */
function esbuildChildren(pid: number): string[] {
  const lines = execFileSync('ps', ['-o', 'stat=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes('esbuild')).map((line) => line.trim());
}

describe('watch, after template edits', () => {
  it('keeps one esbuild service, leaves no zombie and fails no build, however many workers it replaced', async () => {
    const child = project.start(['watch', '--port', '0']);
    const ended = finished(child);
    let log = '';
    let announced = '';
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => (announced += chunk.toString()));
    const rebuilds = () => log.split('\n').filter((line) => BUILT_LINE.test(line)).length;
    const waitFor = async (count: number) => {
      for (let i = 0; i < 600 && rebuilds() < count; i++) await sleep(50);
      expect(rebuilds(), log).toBeGreaterThanOrEqual(count);
    };
    try {
      // watch says where it serves once it watches the files: an edit before that would go unseen. A minute: its first build
      // makes any image the cache lacks, half a minute on a loaded machine.
      for (let i = 0; i < 1200 && !announced.includes('serving at'); i++) await sleep(50);
      expect(announced, log).toContain('serving at');
      await waitFor(1);
      for (let edit = 1; edit <= 3; edit++) {
        // A template change: the generator is compiled again and a fresh worker builds.
        await appendFile(project.file('templates/styles.css'), `\n/* edit ${edit} */\n`);
        await waitFor(1 + edit);
      }
      await sleep(500);
      // Each new worker started after the last one had removed its old versions and given up the build lock: no build failed.
      expect(log).not.toMatch(/Error|waiting for another/);
      const children = esbuildChildren(child.pid!);
      expect(
        children.filter((line) => line.startsWith('Z')),
        children.join('\n'),
      ).toEqual([]);
      expect(children.length, children.join('\n')).toBeLessThanOrEqual(2);
    } finally {
      child.kill('SIGINT');
      await ended;
    }
  }, 150_000);
});
