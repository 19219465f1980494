/**
 * A Cloudflare Worker that serves a site `sitegen publish` put in an R2 bucket (bound as BUCKET)
 * as S3's website endpoint serves one: `/` and a folder's path from its `index.html`, every other
 * path from the key of the same name (publish stores each page under its route too), and a miss
 * with a `404.html` and status 404, which R2's public access cannot do
 * (docs/operators/hosting.md). Deployed with ops/r2/wrangler.toml.
 */

/** What the Worker reads of an R2 object (Cloudflare's R2ObjectBody). */
export interface StoredObject {
  body: ReadableStream;
  httpEtag: string;
  /** Sets the Content-Type and Cache-Control publish stored with the object. */
  writeHttpMetadata(headers: Headers): void;
}

/** What the Worker asks of its R2 binding (Cloudflare's R2Bucket). */
export interface SiteBucket {
  get(key: string): Promise<StoredObject | null>;
}

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

/** The key a request path names, or undefined for one that names none (bad percent-encoding, a dot file such as publish's manifests, `..`). */
export function keyOf(pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const key = path.slice(1);
  if (!path.startsWith('/') || key.split('/').some((part) => part.startsWith('.'))) return undefined;
  return key === '' || key.endsWith('/') ? `${key}index.html` : key;
}

/** The not-found page of the nearest folder above the key that has one (a preview's under `pr-N/`), else the bucket's. */
async function notFoundPage(bucket: SiteBucket, key: string): Promise<StoredObject | null> {
  const folders = key.split('/').slice(0, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const page = await bucket.get([...folders.slice(0, depth), '404.html'].join('/'));
    if (page) return page;
  }
  return null;
}

export default {
  async fetch(request: Request, env: { BUCKET: SiteBucket }): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Only GET and HEAD.\n', { status: 405, headers: { ...TEXT, Allow: 'GET, HEAD' } });
    const key = keyOf(new URL(request.url).pathname);
    const found = key === undefined ? null : await env.BUCKET.get(key);
    const object = found ?? (await notFoundPage(env.BUCKET, key ?? ''));
    if (!object) return new Response('Not found.\n', { status: 404, headers: TEXT });
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set('ETag', object.httpEtag);
    return new Response(request.method === 'HEAD' ? null : object.body, { status: found ? 200 : 404, headers });
  },
};
