import { rm } from 'node:fs/promises';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { smallBuiltSite } from '../helpers/builtSite.ts';

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
    const css = await get('/assets/site-abc.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe(CACHE_IMMUTABLE);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(sitemap.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
  });
});
