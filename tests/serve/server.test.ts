import { rm } from 'node:fs/promises';
import type http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { smallBuiltSite } from '../helpers/builtSite.ts';
import { requestAs } from '../helpers/hostRequest.ts';

let dir: string;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  dir = await smallBuiltSite();
  server = createSiteServer(dir);
  origin = `http://127.0.0.1:${await listen(server, 0)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(origin + pathname, { redirect: 'manual' });

describe('sitegen serve', () => {
  it('answers a route at its exact path, and redirects the trailing-slash form to it', async () => {
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(about.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
    expect(await about.text()).toContain('<title>About</title>');
    const slash = await get('/about/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about');
  });

  it('answers the keys a published bucket holds: a page at its folder index and /index.html too', async () => {
    for (const [pathname, title] of [
      ['/about/index.html', 'About'],
      ['/index.html', 'Home'],
      ['/', 'Home'],
      ['/404.html', 'Not found'],
    ]) {
      const res = await get(pathname!);
      expect(res.status, pathname).toBe(200);
      expect(await res.text()).toContain(`<title>${title}</title>`);
    }
  });

  it('answers unknown paths, /404 and a folder with no page with the not-found page and status 404', async () => {
    for (const pathname of ['/nope', '/404', '/assets/', '/nope/', '//about', '/.sitegen-output']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<title>Not found</title>');
    }
  });

  it('serves files with their content type and cache policy', async () => {
    const css = await get('/assets/site-2nrxJfFgsn.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe(CACHE_IMMUTABLE);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(sitemap.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
  });
});

describe('the names sitegen serve answers', () => {
  it('answers the loopback by any of its names, and refuses any other Host or Origin with 403 and one line for each', async () => {
    const lines: string[] = [];
    const guarded = createSiteServer(dir, { log: (line) => lines.push(line) });
    const port = await listen(guarded, 0);
    try {
      for (const host of ['localhost', `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
        expect((await requestAs(port, '/about', { Host: host })).status, host).toBe(200);
      const rebound = await requestAs(port, '/about', { Host: `attacker.example:${port}` });
      expect(rebound.status).toBe(403);
      expect(rebound.body).not.toContain('About');
      expect(rebound.body).toBe(
        `refused a request for host "attacker.example:${port}": this server answers only localhost, 127.0.0.1 and [::1]; to open it under that name, start it with --allowed-host NAME\n`,
      );
      // Asked again, for the redirect and the not-found page too: refused each time, told once.
      for (const pathname of ['/about', '/about/', '/nope']) expect((await requestAs(port, pathname, { Host: `attacker.example:${port}` })).status).toBe(403);
      expect((await requestAs(port, '/about', { Host: 'localhost', Origin: 'https://attacker.example' })).status).toBe(403);
      expect(lines).toEqual([
        `sitegen: refused a request for host "attacker.example:${port}": this server answers only localhost, 127.0.0.1 and [::1]; to open it under that name, start it with --allowed-host NAME`,
        'sitegen: refused a request from a page of "https://attacker.example": only pages of localhost, 127.0.0.1 and [::1] may use this server',
      ]);
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });

  it('tells at most twenty different refusals, so that a scan does not flood the terminal', async () => {
    const lines: string[] = [];
    const guarded = createSiteServer(dir, { log: (line) => lines.push(line) });
    const port = await listen(guarded, 0);
    try {
      for (let i = 0; i < 40; i++) expect((await requestAs(port, '/', { Host: `host-${i}.example` })).status).toBe(403);
      expect(lines).toHaveLength(21);
      expect(lines.at(-1)).toBe('sitegen: more requests were refused; they are not shown');
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });

  it('refuses a request with two Host headers, whichever comes first', async () => {
    const guarded = createSiteServer(dir);
    const port = await listen(guarded, 0);
    const raw = (hosts: string[]) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('close', () => resolve(data.split('\r\n')[0]!));
        socket.write(`GET /about HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Connection: close\r\n\r\n`);
      });
    try {
      expect(await raw(['localhost', 'attacker.example'])).toBe('HTTP/1.1 400 Bad Request');
      expect(await raw(['attacker.example', 'localhost'])).toMatch(/^HTTP\/1\.1 (400|403) /);
      expect(await raw(['localhost'])).toBe('HTTP/1.1 200 OK');
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });

  it('answers a name the user allowed', async () => {
    const guarded = createSiteServer(dir, { allowedHosts: ['preview.example.test'] });
    const port = await listen(guarded, 0);
    try {
      expect((await requestAs(port, '/about', { Host: 'preview.example.test:8443' })).status).toBe(200);
      expect((await requestAs(port, '/about', { Host: 'other.example.test' })).status).toBe(403);
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });
});
