import { mkdir, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { REDIRECTS_FILE } from '../../src/hosting/redirects.ts';
import { createSiteServer, listen } from '../../src/serve/server.ts';
import { smallBuiltSite } from '../helpers/builtSite.ts';

const servers: http.Server[] = [];
const dirs: string[] = [];

/** A small built site with two redirects, as a build records them, served under `base`. */
async function serveWithRedirects(base = ''): Promise<(pathname: string, method?: string) => Promise<Response>> {
  const dir = await smallBuiltSite();
  dirs.push(dir);
  const page = '<!DOCTYPE html><title>Moved</title>';
  for (const folder of ['pricing', 'team']) {
    await mkdir(path.join(dir, folder));
    await writeFile(path.join(dir, folder, 'index.html'), page);
  }
  const record = { '/pricing': { location: `${base}/about`, status: 302 }, '/team': { location: 'https://people.touchline.example/', status: 301 } };
  await writeFile(path.join(dir, REDIRECTS_FILE), JSON.stringify(record));
  const server = createSiteServer(dir, { base });
  servers.push(server);
  const origin = `http://127.0.0.1:${await listen(server, 0)}`;
  return (pathname, method = 'GET') => fetch(origin + pathname, { method, redirect: 'manual' });
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('sitegen serve and a redirect of content/redirects.yaml', () => {
  let get: Awaited<ReturnType<typeof serveWithRedirects>>;
  beforeAll(async () => {
    get = await serveWithRedirects();
  });

  it('answers a temporary redirect with 302 and a permanent one with 301, with its Location and no body of the page', async () => {
    const pricing = await get('/pricing');
    expect(pricing.status).toBe(302);
    expect(pricing.headers.get('location')).toBe('/about');
    expect(pricing.headers.get('cache-control')).toBe(CACHE_REVALIDATE);
    expect(await pricing.text()).toBe('');
    const team = await get('/team');
    expect(team.status).toBe(301);
    expect(team.headers.get('location')).toBe('https://people.touchline.example/');
  });

  it('answers both keys a bucket holds for it, and HEAD, with the redirect; the slash form is sent to the clean address first', async () => {
    for (const [pathname, method] of [
      ['/pricing/index.html', 'GET'],
      ['/pricing', 'HEAD'],
    ] as const) {
      const res = await get(pathname, method);
      expect(res.status, pathname).toBe(302);
      expect(res.headers.get('location'), pathname).toBe('/about');
    }
    const slash = await get('/pricing/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/pricing');
  });

  it('leaves every other path as it was: pages, the not-found page, and the record itself (a dot file)', async () => {
    expect((await get('/about')).status).toBe(200);
    expect((await get('/pricing/more')).status).toBe(404);
    expect((await get(`/${REDIRECTS_FILE}`)).status).toBe(404);
  });

  it('under a base: the redirect answers under it, to the Location the build gave (with the base)', async () => {
    const under = await serveWithRedirects('/previews/pr-42');
    const res = await under('/previews/pr-42/pricing');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/previews/pr-42/about');
    expect((await under('/pricing')).status).toBe(404);
  });
});
