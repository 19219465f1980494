import { readdir, rm, symlink, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { LiveReload } from '../../src/watch/liveReload.ts';
import { smallBuiltSite } from '../helpers/builtSite.ts';
import { seededRandom } from '../helpers/project.ts';

/** The request targets hostile testers sent, and a seeded mix of the pieces that break servers. */
function corpus(): string[] {
  const known = [
    '//',
    '///',
    '//:',
    '//about',
    '///about/',
    '//evil.example.com/',
    '/\\evil.example.com/',
    '/%2F%2Fevil.example.com/',
    '/%5Cevil.example.com/',
    '/%E2%82%AC/',
    '/%0d%0aSet-Cookie:x/',
    '/caf%C3%A9/',
    '/about/index.html',
    '/index.html',
    '/articles/',
    '/about/',
    '/about?x=1',
    '/about/?%0d%0a',
    '/%',
    '/%zz',
    '/%C3',
    '/%00',
    '/..',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fpackage.json',
    '/pw.txt',
    '/.sitegen-output',
    'about',
    '*',
    'http://evil.example.com/',
    'http://127.0.0.1/about',
    '/about#frag',
    '/?',
    '/\u00e9',
    '/about/\u20ac/',
  ];
  const pieces = [
    '/',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '%5C',
    '%00',
    '%0d',
    '%0a',
    '%20',
    'about',
    'index.html',
    'assets',
    'é',
    '%C3%A9',
    '%E2%82%AC',
    '%',
    '%zz',
    '//',
    'evil.example.com',
    '?',
    '#',
    ':',
    '@',
  ];
  const random = seededRandom(13);
  const mixed = Array.from({ length: 480 }, () => {
    let target = random() < 0.85 ? '/' : '';
    const length = 1 + Math.floor(random() * 8);
    for (let i = 0; i < length; i++) target += pieces[Math.floor(random() * pieces.length)];
    return target;
  });
  const long = [1, 100, 1_000, 4_096, 4_097, 10_000, 100_000].map((n) => `/${'a'.repeat(n)}`);
  return [...known, ...mixed, ...long, '/%2e'.repeat(3000), '/%'.repeat(2000)];
}

/** Host values a rebinding page or a fuzzer sends: names dressed up as the loopback, and a seeded mix of their pieces. */
function hostCorpus(): string[] {
  const known = [
    'attacker.example',
    'localhost.attacker.example',
    'localhost@attacker.example',
    '127.0.0.1.nip.io',
    '127.1',
    '0',
    '0.0.0.0',
    '[::]',
    '[::ffff:127.0.0.1]',
    'LOCALHOST',
    'a.localhost',
  ];
  const pieces = [
    'localhost',
    '127.0.0.1',
    '[::1]',
    '.',
    ':',
    ':4173',
    '@',
    'attacker.example',
    '[',
    ']',
    '::1',
    '%2e',
    'é',
    '/',
    '\\',
    '-',
    '0',
    'LocalHost',
    '*',
  ];
  const random = seededRandom(29);
  const mixed = Array.from({ length: 300 }, () => {
    let host = '';
    const length = 1 + Math.floor(random() * 4);
    for (let i = 0; i < length; i++) host += pieces[Math.floor(random() * pieces.length)];
    return host;
  });
  return [...known, ...mixed];
}

/** Whether a browser could have sent this Host for the loopback itself (the only names answered by default). */
const LOOPBACK_HOST = /^(?:localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

const METHODS = ['GET', 'HEAD', 'GET', 'POST', 'OPTIONS', 'DELETE', 'BREW', 'get'];

interface Answer {
  status: number | undefined;
  location: string | undefined;
}

/** Sends one request line over a raw socket (no client library to tidy it up) and reads the status and Location. */
function rawRequest(port: number, method: string, target: string, host = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1];
      const location = /\r\nlocation: ([^\r]*)/i.exec(data.split('\r\n\r\n')[0] ?? '')?.[1];
      resolve({ status: status ? Number(status) : undefined, location });
    });
    socket.write(Buffer.from(`${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 'utf8'));
  });
}

/** Sends every target over raw sockets, eight at a time, the methods taken in turn; each answer with `shown`, the request as a problem names it. */
async function fuzz(port: number, targets: string[]): Promise<(Answer & { shown: string })[]> {
  const answers: (Answer & { shown: string })[] = [];
  for (let i = 0; i < targets.length; i += 8) {
    const batch = targets.slice(i, i + 8).map((target, j) => ({ target, method: METHODS[(i + j) % METHODS.length]! }));
    const answered = await Promise.all(batch.map(({ target, method }) => rawRequest(port, method, target)));
    answered.forEach((answer, j) => answers.push({ ...answer, shown: `${batch[j]!.method} ${batch[j]!.target.slice(0, 80)}` }));
  }
  return answers;
}

let dir: string;
beforeAll(async () => {
  dir = await smallBuiltSite();
  await writeFile(path.join(dir, '.sitegen-output'), '{}');
  // A link out of the site (an editor's public/ may hold one): never served.
  await symlink('/etc/passwd', path.join(dir, 'pw.txt'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each([
  ['serve', () => createSiteServer(dir)],
  ['watch', () => createSiteServer(dir, { hooks: new LiveReload().hooks(), dev: true })],
])('the %s server, fuzzed with raw requests', (_name, create) => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = create();
    port = await listen(server, 0);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers every request with a status below 500, and redirects only to a path of its own site', async () => {
    const targets = corpus();
    expect(targets.length).toBeGreaterThanOrEqual(500);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const { shown, status, location } of await fuzz(port, targets)) {
      statuses.set(status ?? 0, (statuses.get(status ?? 0) ?? 0) + 1);
      if (status === undefined || status >= 500) problems.push(`${shown}: ${status ?? 'no answer'}`);
      if (location !== undefined) {
        const ownSite = /^\/(?!\/)[\x21-\x7e]*$/.test(location) && !location.includes('\\') && new URL(location, 'http://127.0.0.1').host === '127.0.0.1';
        if (!ownSite) problems.push(`${shown}: Location ${location}`);
      }
    }
    expect(problems).toEqual([]);
    // Still up, and answering what a bucket answers.
    for (const pathname of ['/about', '/about/index.html', '/index.html', '/']) expect((await rawRequest(port, 'GET', pathname)).status, pathname).toBe(200);
    expect((await rawRequest(port, 'GET', '/pw.txt')).status).toBe(404);
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 60_000);

  it('answers only Host values naming the loopback, and any other with 403, never a page', async () => {
    const problems: string[] = [];
    const hosts = hostCorpus();
    for (let i = 0; i < hosts.length; i += 8) {
      const batch = hosts.slice(i, i + 8);
      const answers = await Promise.all(batch.map((host) => rawRequest(port, 'GET', '/about', host)));
      answers.forEach(({ status }, j) => {
        const host = batch[j]!;
        // Node refuses a Host that is no header value at all with 400 before sitegen sees it.
        const expected = LOOPBACK_HOST.test(host) ? [200] : [400, 403];
        if (!expected.includes(status ?? 0)) problems.push(`Host ${JSON.stringify(host)}: ${status ?? 'no answer'}`);
      });
    }
    expect(problems).toEqual([]);
    expect(hosts.filter((host) => LOOPBACK_HOST.test(host)).length).toBeGreaterThan(10);
  }, 60_000);

  it('redirects a page’s folder to its clean URL, percent-encoded, and nothing else', async () => {
    expect(await rawRequest(port, 'GET', '/about/')).toEqual({ status: 301, location: '/about' });
    expect(await rawRequest(port, 'GET', '/about/?q=1')).toEqual({ status: 301, location: '/about?q=1' });
    // A file is no folder: `/favicon.svg/` is a 404, as the bucket answers it.
    const file = (await readdir(dir)).find((name) => /\.(svg|ico|xml|txt)$/.test(name));
    expect(file).toBeDefined();
    expect(await rawRequest(port, 'GET', `/${file}/`)).toEqual({ status: 404, location: undefined });
    for (const target of ['/articles/', '/%2F%2Fevil.example.com/', '/%5Cevil.example.com/', '/%E2%82%AC/', '/caf%C3%A9/']) {
      expect((await rawRequest(port, 'GET', target)).location, target).toBeUndefined();
    }
  });
});

describe('the serve server under a base, fuzzed with raw requests', () => {
  const base = '/previews/pr-42';
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = createSiteServer(dir, { base });
    port = await listen(server, 0);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers every request below 500 and redirects only into the base', async () => {
    const targets = [
      ...corpus(),
      ...corpus()
        .filter((t) => t.startsWith('/'))
        .map((t) => `${base}${t}`),
    ];
    const problems: string[] = [];
    for (const { shown, status, location } of await fuzz(port, targets)) {
      if (status === undefined || status >= 500) problems.push(`${shown}: ${status ?? 'no answer'}`);
      if (location !== undefined && !(/^[\x21-\x7e]*$/.test(location) && location.startsWith(`${base}/`))) problems.push(`${shown}: Location ${location}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('serves the site only under the base: its pages, its 404 page, never a file outside it', async () => {
    for (const pathname of [`${base}/`, `${base}/about`, `${base}/about/index.html`, `${base}/index.html`])
      expect((await rawRequest(port, 'GET', pathname)).status, pathname).toBe(200);
    expect(await rawRequest(port, 'GET', base)).toEqual({ status: 301, location: `${base}/` });
    expect(await rawRequest(port, 'GET', '/')).toEqual({ status: 301, location: `${base}/` });
    expect(await rawRequest(port, 'GET', `${base}/about/?q=1`)).toEqual({ status: 301, location: `${base}/about?q=1` });
    for (const pathname of [
      '/about',
      '/index.html',
      '/previews/pr-420/',
      '/previews/pr-420/about',
      '/previews/pr-4',
      '/previews/',
      `${base}/pw.txt`,
      `${base}/.sitegen-output`,
      `${base}//about`,
    ]) {
      expect((await rawRequest(port, 'GET', pathname)).status, pathname).toBe(404);
    }
    for (const pathname of [`${base}/../../etc/passwd`, `${base}/%2e%2e/%2e%2e/etc/passwd`, `${base}/..`, '/previews/pr-42/./about']) {
      expect((await rawRequest(port, 'GET', pathname)).status, pathname).toBe(400);
    }
  });
});
