import { describe, expect, it } from 'vitest';
import worker, { type SiteBucket, type StoredObject } from '../../ops/r2/worker.ts';

const PAGE = { type: 'text/html; charset=utf-8', cache: 'public, max-age=0, must-revalidate' };

/** An R2 bucket as publish leaves it: each object with the Content-Type and Cache-Control it was stored with. */
function bucketOf(objects: Record<string, string>): SiteBucket & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async get(key) {
      asked.push(key);
      const text = objects[key];
      if (text === undefined) return null;
      const object: StoredObject = {
        body: new Response(text).body!,
        httpEtag: `"${key.length}"`,
        writeHttpMetadata(headers) {
          headers.set('Content-Type', key.endsWith('.css') ? 'text/css; charset=utf-8' : PAGE.type);
          headers.set('Cache-Control', PAGE.cache);
        },
      };
      return object;
    },
  };
}

const SITE = {
  'index.html': 'home',
  about: 'about',
  'about/index.html': 'about',
  'assets/site-abc.css': 'body{}',
  '404.html': 'not found',
  '.sitegen-publish.json': '{}',
  'pr-3/index.html': 'preview home',
  'pr-3/404.html': 'preview not found',
};

async function visit(path: string, method = 'GET') {
  const response = await worker.fetch(new Request(`https://www.touchline.example${path}`, { method }), { BUCKET: bucketOf(SITE) });
  return { status: response.status, type: response.headers.get('Content-Type'), cache: response.headers.get('Cache-Control'), body: await response.text() };
}

describe('the R2 Worker of ops/r2', () => {
  it('answers / and a folder from its index.html, a route and a file from their keys, with the headers publish stored', async () => {
    expect(await visit('/')).toEqual({ status: 200, type: PAGE.type, cache: PAGE.cache, body: 'home' });
    expect(await visit('/about')).toMatchObject({ status: 200, body: 'about' });
    expect(await visit('/about/')).toMatchObject({ status: 200, body: 'about' });
    expect(await visit('/assets/site-abc.css')).toMatchObject({ status: 200, type: 'text/css; charset=utf-8', body: 'body{}' });
    expect(await visit('/pr-3/')).toMatchObject({ status: 200, body: 'preview home' });
  });

  it('answers a miss with 404.html and status 404: the nearest one above it, a preview’s under its prefix', async () => {
    expect(await visit('/no-such-page')).toEqual({ status: 404, type: PAGE.type, cache: PAGE.cache, body: 'not found' });
    expect(await visit('/articles/gone/')).toMatchObject({ status: 404, body: 'not found' });
    expect(await visit('/pr-3/articles/gone')).toMatchObject({ status: 404, body: 'preview not found' });
  });

  it('answers publish’s own files, a .. part and bad percent-encoding as misses, never reading a key for them', async () => {
    for (const path of ['/.sitegen-publish.json', '/pr-3/../.sitegen-publish.json', '/pr-3/%2e%2e%2f.sitegen-publish.json', '/%E0%A4%A']) {
      const bucket = bucketOf(SITE);
      const response = await worker.fetch(new Request(`https://www.touchline.example${path}`), { BUCKET: bucket });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('not found');
      expect(bucket.asked, path).toEqual(['404.html']);
    }
  });

  it('answers HEAD with the headers and no body, refuses other methods, and says so in plain text when the bucket has no 404.html', async () => {
    expect(await visit('/about', 'HEAD')).toMatchObject({ status: 200, type: PAGE.type, body: '' });
    const post = await worker.fetch(new Request('https://www.touchline.example/', { method: 'POST' }), { BUCKET: bucketOf(SITE) });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD');
    const empty = await worker.fetch(new Request('https://www.touchline.example/x'), { BUCKET: bucketOf({}) });
    expect({ status: empty.status, body: await empty.text() }).toEqual({ status: 404, body: 'Not found.\n' });
  });
});
