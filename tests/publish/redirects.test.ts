import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { s3Environment, startS3 } from '../helpers/s3.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let s3: Awaited<ReturnType<typeof startS3>>;
const savedEnv = { ...process.env };

const redirects = (blogTo: string, blogPermanent = true) =>
  [
    'redirects:',
    '  - from: /blog',
    `    to: ${blogTo}`,
    `    permanent: ${blogPermanent}`,
    '  - from: /guide',
    '    to: https://help.touchline.example/guide',
    '',
  ].join('\n');

beforeAll(async () => {
  fx = await fixtureCopy();
  s3 = await startS3();
  Object.assign(process.env, s3Environment(fx.dir));
  await s3.createWebsiteBucket('site');
  // Previews never share the live site's bucket.
  await s3.createWebsiteBucket('previews');
}, 60_000);
afterAll(async () => {
  process.env = savedEnv;
  await s3?.destroy();
  await fx?.remove();
});

async function buildAndPublish(buildArgs: string[], publishArgs: string[] = [], bucket = 'site') {
  const built = await runCli('build', '--content', fx.content, '--out', fx.out, ...buildArgs);
  expect(built.code, built.stderr).toBe(0);
  const published = await runCli('publish', fx.out, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', ...publishArgs);
  expect(published.code, published.stderr).toBe(0);
}

describe('sitegen publish and redirects', () => {
  it('stores a permanent redirect’s page under both its keys with x-amz-website-redirect-location, which the website endpoint answers with 301', async () => {
    await fx.write('redirects.yaml', redirects('/news-insights'));
    await buildAndPublish([]);
    const page = { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_REVALIDATE };
    for (const key of ['blog', 'blog/index.html']) expect(await s3.head('site', key), key).toEqual({ ...page, websiteRedirectLocation: '/news-insights' });
    // Pages are not redirects, and the record of the redirects is sitegen's own: it is not published.
    expect(await s3.head('site', 'legal')).toEqual(page);
    expect(Object.keys(await s3.objects('site'))).not.toContain('.sitegen-redirects.json');

    const blog = await s3.website('site', '/blog');
    expect([blog.status, blog.location]).toEqual([301, '/news-insights']);
    // What a host that ignores the header serves: the page that sends the browser on.
    expect((await s3.get('site', 'blog')).body.toString()).toContain('content="0; url=/news-insights"');
  }, 120_000);

  it('publishes a temporary redirect as its page alone: the website endpoint answers 301 only, which browsers would keep for good', async () => {
    await fx.write('redirects.yaml', redirects('/news-insights'));
    await buildAndPublish([]);
    for (const key of ['guide', 'guide/index.html'])
      expect(await s3.head('site', key), key).toEqual({ contentType: 'text/html; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    const guide = await s3.website('site', '/guide');
    expect([guide.status, guide.location]).toEqual([200, undefined]);
    expect(guide.body).toContain('<meta http-equiv="refresh" content="0; url=https://help.touchline.example/guide" />');
    expect(guide.body).toContain('<link rel="canonical" href="https://help.touchline.example/guide" />');
    expect(guide.body).toContain('<meta name="robots" content="noindex" />');
  }, 120_000);

  it('drops the header when a permanent redirect is made temporary, and puts it back when it is made permanent again', async () => {
    await fx.write('redirects.yaml', redirects('/news-insights', false));
    await buildAndPublish([]);
    for (const key of ['blog', 'blog/index.html']) expect((await s3.head('site', key)).websiteRedirectLocation, key).toBeUndefined();
    expect((await s3.website('site', '/blog')).status).toBe(200);
    await fx.write('redirects.yaml', redirects('/news-insights'));
    await buildAndPublish([]);
    for (const key of ['blog', 'blog/index.html']) expect((await s3.head('site', key)).websiteRedirectLocation, key).toBe('/news-insights');
  }, 120_000);

  it('moves the header when a redirect’s target changes', async () => {
    await fx.write('redirects.yaml', redirects('/legal'));
    await buildAndPublish([]);
    for (const key of ['blog', 'blog/index.html']) expect((await s3.head('site', key)).websiteRedirectLocation, key).toBe('/legal');
    expect((await s3.website('site', '/blog')).location).toBe('/legal');
  }, 120_000);

  it('under a preview’s prefix, the header leads under its base', async () => {
    await fx.write('redirects.yaml', redirects('/news-insights'));
    await buildAndPublish(['--drafts', '--base', '/previews/pr-9'], ['--prefix', 'previews/pr-9/'], 'previews');
    expect((await s3.head('previews', 'previews/pr-9/blog')).websiteRedirectLocation).toBe('/previews/pr-9/news-insights');
    const blog = await s3.website('previews', '/previews/pr-9/blog');
    expect([blog.status, blog.location]).toEqual([301, '/previews/pr-9/news-insights']);
  }, 120_000);
});
