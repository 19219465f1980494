import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
  // A first build, so that each command below starts from what a developer has.
  const built = await project.run(['build']);
  expect(built.code, built.stderr).toBe(0);
});
afterAll(() => project?.remove());

/** Whether a process runs: a zombie nobody reaped yet (no init to reap it in a container) has ended. */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits until `pid` has ended, looking every 100 ms for at most `tries` looks; whether it ended. */
async function ended(pid: number, tries = 150): Promise<boolean> {
  for (let i = 0; i < tries && running(pid); i++) await sleep(100);
  return !running(pid);
}

/** Resolves with the first line a stream prints that matches. */
const lineOf = (stream: NodeJS.ReadableStream, pattern: RegExp) =>
  new Promise<string>((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((l) => pattern.test(l));
      if (line) resolve(line);
    });
  });

describe('watch and serve end with whatever started them', () => {
  for (const command of [
    ['watch', '--port', '0'],
    ['serve', 'dist', '--port', '0'],
  ]) {
    it(`${command[0]} ends when its parent is killed (npx, a task runner, a shell script), freeing its port`, async () => {
      // A shell stands for npx: it starts sitegen as its child, says its pid, and waits.
      const parent = spawn('sh', ['-c', `"${process.execPath}" bin/sitegen.mjs ${command.join(' ')} & echo "pid $!"; wait`], {
        cwd: project.root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const pid = Number((await lineOf(parent.stdout!, /^pid \d+/)).split(' ')[1]);
      const listening = await lineOf(parent.stdout!, /at http:\/\/localhost:\d+/);
      const port = Number(/localhost:(\d+)/.exec(listening)![1]);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      parent.kill('SIGKILL');
      expect(await ended(pid)).toBe(true);
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    });

    it(`${command[0]} ends when what started its shell is killed (npm exec, then sh -c, then sitegen), freeing its port`, async () => {
      // npx runs sitegen through a shell that outlives it: killing npx leaves the shell, sitegen's parent, alive.
      const inner = `"${process.execPath}" bin/sitegen.mjs ${command.join(' ')} & echo "pid $!"; wait; true`;
      const launcher = spawn('sh', ['-c', `sh -c '${inner}' & wait`], { cwd: project.root, stdio: ['ignore', 'pipe', 'pipe'] });
      const pid = Number((await lineOf(launcher.stdout!, /^pid \d+/)).split(' ')[1]);
      const port = Number(/localhost:(\d+)/.exec(await lineOf(launcher.stdout!, /at http:\/\/localhost:\d+/))![1]);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      launcher.kill('SIGKILL');
      expect(await ended(pid)).toBe(true);
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    });

    it(`${command[0]} ends on SIGTERM with exit 0, its worker and server stopped`, async () => {
      const child = project.start(command);
      const result = finished(child);
      await lineOf(child.stdout!, /at http:\/\/localhost:\d+/);
      child.kill('SIGTERM');
      const { code, signal } = await result;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    });
  }
});
