import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy } from '../helpers/fixture.ts';
import { finished, projectCopy, type Project, type RunResult } from '../helpers/project.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Takes a port as another program would; the server is closed by the caller (it may be taken already: then nothing listens on it). */
function occupy(port: number): Promise<net.Server> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(server));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A GET of a website address as a browser sends it: to this machine, with the bucket's host name. */
function visit(address: string): Promise<{ status: number; type?: string; body: string }> {
  const url = new URL(address);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: url.host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      })
      .on('error', reject);
  });
}

describe('npm run rehearse', () => {
  let project: Project;
  let fx: Awaited<ReturnType<typeof fixtureCopy>>;
  let output = '';
  let ended: Promise<RunResult>;
  let child: ReturnType<typeof spawn>;
  let other: net.Server;

  beforeAll(async () => {
    // A project whose content is the fixture site's (the live site), and a pull request's content: one word of a page changed.
    [project, fx] = await Promise.all([projectCopy({ content: 'fixture' }), fixtureCopy()]);
    await fx.edit('legal/privacy-policy.md', (text) => text.replace('you give us in forms', 'you give us on forms'));
    // Its default port taken by another program (or by another run of this test): it takes the next free one.
    other = await occupy(4569);
    // Typed as operators type it (docs/operators/setup.md), in a process group of its own: Ctrl-C reaches npm and the rehearsal.
    child = spawn('npm', ['run', 'rehearse', '--', '--content', fx.content], { cwd: project.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    ended = finished(child);
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 4800 && !output.includes('Serving until Ctrl-C') && child.exitCode === null; i++) await sleep(50);
  }, 300_000);
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
    await ended;
    other.close();
    await Promise.all([fx.remove(), project.remove()]);
  });

  it('runs the publishing loop of the workflows against a local S3 server and prints the addresses to open', async () => {
    expect(output, (await Promise.race([ended, sleep(0)]))?.stderr).toContain('Serving until Ctrl-C');
    const steps = [...output.matchAll(/^== ([^:]+): sitegen (\w+)/gm)].map((m) => `${m[1]}: ${m[2]}`);
    expect(steps).toEqual([
      'Build the site: build',
      'Publish the site: publish',
      'Build what merging would publish: build',
      'Build the preview: build',
      'Review the changed pages: review',
      'Publish the preview: publish',
      'List the pages the change touches: diff',
    ]);
    // Compared with the live site published first: the one page the change alters, a link into the preview.
    expect(output).toMatch(/^pages: 1 changed\n +~ \/privacy-policy +http:\/\/touchline-previews-example\.s3-website\.localhost:\d+\/pr-1\/privacy-policy$/m);
    const live = /^The live site: +(\S+)$/m.exec(output)![1]!;
    const preview = /^The preview: +(\S+)$/m.exec(output)![1]!;
    expect(live).toMatch(/^http:\/\/www-touchline-example\.s3-website\.localhost:\d+\/$/);
    expect(preview).toMatch(/^http:\/\/touchline-previews-example\.s3-website\.localhost:\d+\/pr-1\/$/);

    expect(output).toMatch(/^The S3 endpoint http:\/\/127\.0\.0\.1:(\d+) \(port 4569 is in use\)/m);

    const home = await visit(live);
    expect(home.status).toBe(200);
    expect(home.body).toContain('<!DOCTYPE html>');
    expect(home.body).not.toContain('aria-label="Preview"');
    expect((await visit(`${live}no-such-page`)).status).toBe(404);
    const previewed = await visit(preview);
    expect(previewed.status).toBe(200);
    // Built for its prefix and marked as a preview.
    expect(previewed.body).toContain('href="/pr-1/');
    expect(previewed.body).toContain('aria-label="Preview"');
    expect(previewed.body).toContain('noindex');
  }, 60_000);

  it("reviews the changed page against the live bucket and serves the review inside the preview, the comment's images at their addresses", async () => {
    const review = /^The review: +(\S+)$/m.exec(output)![1]!;
    expect(review).toBe(`${/^The preview: +(\S+)$/m.exec(output)![1]!}sitegen-review/`);
    const page = await visit(review);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Visual review: 1 page</title>');
    // Before is the page the live bucket holds, read as published: one word is all that changed, at both widths.
    const { pages } = JSON.parse((await visit(`${review}review.json`)).body) as { pages: { route: string; widths: Record<string, { share: number }> }[] };
    expect(pages.map((p) => p.route)).toEqual(['/privacy-policy']);
    for (const width of ['390', '1280']) {
      expect(pages[0]!.widths[width]!.share, width).toBeGreaterThan(0);
      expect(pages[0]!.widths[width]!.share, width).toBeLessThan(0.01);
    }
    const comment = await visit(`${review}comment.md`);
    const images = [...comment.body.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    // Before, after and difference at each width.
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(image.startsWith(review)).toBe(true);
      const answer = await visit(image);
      expect([image, answer.status, answer.type]).toEqual([image, 200, 'image/webp']);
    }
  }, 60_000);

  it('stops on Ctrl-C and leaves nothing behind', async () => {
    const folder = /its files in (\S+)$/m.exec(output)![1]!;
    expect(existsSync(folder)).toBe(true);
    process.kill(-child.pid!, 'SIGINT');
    // npm ends as its script did, or by the signal it was sent, as a shell's Ctrl-C ends it.
    const { code, signal } = await ended;
    expect(code === 0 || signal === 'SIGINT', `ended with ${code ?? signal}`).toBe(true);
    expect(existsSync(folder)).toBe(false);
  }, 30_000);
});

describe('npm run rehearse on a port the user named that is taken', () => {
  it('refuses it with one line and exit 2, as sitegen serve does', async () => {
    const other = await occupy(0);
    const port = (other.address() as net.AddressInfo).port;
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/rehearse.mjs'), '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const { code, stdout, stderr } = await finished(child);
    other.close();
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`rehearse: port ${port} is in use: stop what listens there, or choose another --port\n`);
  });
});
