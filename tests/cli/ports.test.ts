import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../helpers/fixture.ts';
import { requestAs } from '../helpers/hostRequest.ts';
import { finished } from '../helpers/project.ts';

const SITEGEN = path.resolve(import.meta.dirname, '../../bin/sitegen.mjs');
let dir: string;
const taken: net.Server[] = [];

/** Takes a port as another program would; resolves false if something else has it already. */
function occupy(port: number): Promise<number | undefined> {
  const server = net.createServer();
  taken.push(server);
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** Runs sitegen until it prints its first line (it keeps serving) or ends by itself. */
async function sitegen(...args: string[]) {
  const child = spawn(process.execPath, [SITEGEN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const result = finished(child);
  child.stdout.once('data', () => child.kill('SIGINT'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const ended = await result;
  clearTimeout(timer);
  return ended;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-ports-'));
  await writeFile(path.join(dir, 'index.html'), '<!DOCTYPE html><title>Home</title>');
});
afterAll(async () => {
  for (const server of taken) server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a preview server whose port is taken', () => {
  it('refuses a port the user named with one line and exit 2, for serve and for watch (which then ends by itself)', async () => {
    const port = (await occupy(0))!;
    const serve = await sitegen('serve', dir, '--port', String(port));
    const watch = await sitegen('watch', '--port', String(port), '--content', FIXTURE);
    for (const { code, stdout, stderr, signal } of [serve, watch]) {
      expect(signal).toBeNull();
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`sitegen: port ${port} is in use: stop what listens there, or choose another --port\n`);
    }
  });

  it('takes the next free port when the user named none, and says so', async () => {
    await occupy(4173);
    const { stdout } = await sitegen('serve', dir);
    expect(stdout).toMatch(/^serving .+ at http:\/\/localhost:(417[4-9]|41[89]\d) \(port 4173 is in use\)\n$/);
  });
});

describe('a preview server’s host names', () => {
  it('answers the names given with --allowed-host besides the loopback, refuses others with a line on stderr, and ends on SIGINT', async () => {
    const child = spawn(process.execPath, [SITEGEN, 'serve', dir, '--port', '0', '--allowed-host', 'preview.example.test', '--allowed-host', 'devbox'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = finished(child);
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    const port = Number(/:(\d+)/.exec(first)?.[1]);
    const answers = [];
    for (const host of ['preview.example.test', `devbox:${port}`, `localhost:${port}`, `attacker.example:${port}`])
      answers.push((await requestAs(port, '/', { Host: host })).status);
    child.kill('SIGINT');
    const { code, stderr } = await result;
    expect(answers).toEqual([200, 200, 200, 403]);
    expect(code).toBe(0);
    expect(stderr).toBe(
      `sitegen: refused a request for host "attacker.example:${port}": this server answers only localhost, 127.0.0.1, [::1], preview.example.test and devbox; to open it under that name, start it with --allowed-host NAME\n`,
    );
  });
});
