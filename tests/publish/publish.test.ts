import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../src/hosting/policy.ts';
import { routeForOutputPath } from '../../src/routes/outputPath.ts';
import { listen } from '../../src/serve/server.ts';
import { markBuilt } from '../helpers/builtSite.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { CREDENTIALS, s3Environment, startS3 } from '../helpers/s3.ts';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let s3: Awaited<ReturnType<typeof startS3>>;
const savedEnv = { ...process.env };

beforeAll(async () => {
  fx = await fixtureCopy();
  const built = await runCli('build', '--content', fx.content, '--out', fx.out);
  expect(built.code, built.stderr).toBe(0);
  s3 = await startS3();
  Object.assign(process.env, s3Environment(fx.dir));
});
afterAll(async () => {
  process.env = savedEnv;
  await s3?.destroy();
  await fx?.remove();
});

let bucket: string;
let site: string;
let bucketCount = 0;
beforeEach(async () => {
  bucket = `site-${++bucketCount}`;
  await s3.createWebsiteBucket(bucket);
  site = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-publish-')), 'dist');
  // The output folder is a link to its current version: copy the files it shows.
  await cp(fx.out, site, { recursive: true, dereference: true });
  s3.writes();
});

const publish = (...args: string[]) => runCli('publish', site, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', ...args);
/** The files a build made, but sitegen's own marker (publish leaves dot files out). */
const builtFiles = async () =>
  (await readdir(site, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(site, path.join(e.parentPath, e.name)))
    .sort();
/** Every key a built folder should have in the bucket: each file, and each page at its exact path. */
const expectedKeys = (files: string[]) => files.flatMap((f) => [f, ...[routeForOutputPath(f)].filter((r) => r && r !== '/').map((r) => r!.slice(1))]).sort();
/** The site's keys in the bucket, without publish's own manifests and the marker of the site's kind (`.sitegen-sites/`). */
const siteKeys = async () =>
  Object.keys(await s3.objects(bucket))
    .filter((k) => !k.startsWith('.sitegen-'))
    .sort();
const cssAsset = async () => (await builtFiles()).find((f) => /^assets\/site-\w+\.css$/.test(f))!;

describe('sitegen publish', () => {
  it('uploads every file under its keys, byte for byte, with its content type and cache policy', async () => {
    const files = await builtFiles();
    const { code, stdout } = await publish();
    expect(code).toBe(0);
    expect(stdout).toContain(`s3://${bucket}/: upload ${files.length} files (`);
    expect(stdout).toMatch(/published \d+ files \([\d.]+ KB\) and deleted 0 objects in [\d.]+ s\n$/);
    expect(await siteKeys()).toEqual(expectedKeys(files));
    for (const file of files) {
      const stored = await s3.get(bucket, file);
      expect(stored.body.equals(await readFile(path.join(site, file))), file).toBe(true);
    }
    const legal = await s3.get(bucket, 'legal');
    expect(legal.body.equals(await readFile(path.join(site, 'legal/index.html')))).toBe(true);

    const css = await cssAsset();
    const js = files.find((f) => /^assets\/loader-\w+\.js$/.test(f))!;
    const expected: [string, string, string][] = [
      ['legal', 'text/html; charset=utf-8', CACHE_REVALIDATE],
      ['legal/index.html', 'text/html; charset=utf-8', CACHE_REVALIDATE],
      ['index.html', 'text/html; charset=utf-8', CACHE_REVALIDATE],
      ['404.html', 'text/html; charset=utf-8', CACHE_REVALIDATE],
      [css, 'text/css; charset=utf-8', CACHE_IMMUTABLE],
      [js, 'text/javascript; charset=utf-8', CACHE_IMMUTABLE],
      ['sitemap.xml', 'text/xml; charset=utf-8', CACHE_REVALIDATE],
      ['feed.xml', 'text/xml; charset=utf-8', CACHE_REVALIDATE],
      ['robots.txt', 'text/plain; charset=utf-8', CACHE_REVALIDATE],
      ['favicon.svg', 'image/svg+xml; charset=utf-8', CACHE_REVALIDATE],
    ];
    for (const [key, contentType, cacheControl] of expected) expect(await s3.head(bucket, key), key).toEqual({ contentType, cacheControl });
  });

  it('answers every route at its exact path through the website endpoint, and unknown paths with 404.html', async () => {
    await publish();
    for (const [route, file] of [
      ['/', 'index.html'],
      ['/legal', 'legal/index.html'],
      ['/articles/first-steps', 'articles/first-steps/index.html'],
    ]) {
      const res = await s3.website(bucket, route!);
      expect(res.status, route).toBe(200);
      expect(res.location).toBeUndefined();
      expect(res.contentType).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(await readFile(path.join(site, file!), 'utf8'));
    }
    const missing = await s3.website(bucket, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(await readFile(path.join(site, '404.html'), 'utf8'));
  });

  it('uploads nothing when the build is unchanged', async () => {
    await publish();
    const before = await s3.objects(bucket);
    s3.writes();
    const { code, stdout } = await publish();
    expect(code).toBe(0);
    expect(stdout).toContain(`upload 0 files (0 B), unchanged ${(await builtFiles()).length}, delete 0`);
    expect(s3.writes()).toBe(0);
    expect(await s3.objects(bucket)).toEqual(before);
  });

  it('uploads only the page that changed, under both its keys', async () => {
    await publish();
    s3.writes();
    const file = path.join(site, 'legal/index.html');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Legal Stuff', 'Legal Documents'));
    const { stdout } = await publish();
    expect(stdout).toContain('upload 1 file (');
    // Both keys of the page, and the page manifest that now has its new hash.
    expect(s3.writes()).toBe(3);
    expect((await s3.get(bucket, 'legal')).body.toString()).toContain('Legal Documents');
    expect((await s3.get(bucket, 'legal/index.html')).body.toString()).toContain('Legal Documents');
  });

  it('keeps the page manifest of the live site, which sitegen diff compares with a new build', async () => {
    await publish();
    const live = path.join(path.dirname(site), 'live-pages.json');
    await writeFile(live, (await s3.get(bucket, '.sitegen-pages.json')).body);
    expect(await readFile(live, 'utf8')).toBe((await runCli('diff', '--manifest', site)).stdout);
    // A site with no draft and no redirect keeps the version sitegens before them wrote and read.
    expect(JSON.parse(await readFile(live, 'utf8'))).toMatchObject({ format: 'sitegen-pages', version: 2 });
    expect(Object.keys(JSON.parse(await readFile(live, 'utf8')))).toEqual(['format', 'version', 'pages', 'files', 'assets', 'mode']);
    expect(await s3.head(bucket, '.sitegen-pages.json')).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: CACHE_REVALIDATE });

    const file = path.join(site, 'legal/index.html');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Legal Stuff', 'Legal Documents'));
    expect(await runCli('diff', live, site)).toEqual({ code: 0, stdout: 'pages: 1 changed\n  ~ /legal\n', stderr: '' });
  });

  it('keeps a removed page without --delete and removes it with --delete', async () => {
    await publish();
    await rm(path.join(site, 'articles/second-look'), { recursive: true });
    const kept = await publish();
    expect(kept.stdout).toContain('delete 0, keep 2 stale');
    expect(await siteKeys()).toContain('articles/second-look');

    const removed = await publish('--delete');
    expect(removed.stdout).toContain('upload 0 files (0 B)');
    expect(removed.stdout).toContain('delete 2\n');
    expect(await siteKeys()).toEqual(expectedKeys(await builtFiles()));
    expect((await s3.website(bucket, '/articles/second-look')).status).toBe(404);
  });

  it('keeps the hashed assets of the previous release for the retention period, then deletes them', async () => {
    await publish();
    const old = await cssAsset();
    const renamed = old.replace(/-\w+\.css$/, '-NEWRELEASE.css');
    await writeFile(path.join(site, old), `${await readFile(path.join(site, old), 'utf8')}\n.changed{color:red}`);
    await rename(path.join(site, old), path.join(site, renamed));
    const { stdout } = await publish('--delete');
    expect(stdout).toContain('delete 0, keep 1 stale');
    expect(await siteKeys()).toContain(old);
    const manifest = JSON.parse((await s3.get(bucket, '.sitegen-publish.json')).body.toString());
    expect(Object.keys(manifest.retired)).toEqual([old]);

    const expired = await publish('--delete', '--asset-retention', '0');
    expect(expired.stdout).toContain('delete 1\n');
    expect(await siteKeys()).not.toContain(old);
    expect(await siteKeys()).toContain(renamed);
  });

  it('changes nothing with --dry-run, and lists what it would do', async () => {
    await publish();
    await rm(path.join(site, 'articles/second-look'), { recursive: true });
    const file = path.join(site, 'legal/index.html');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Legal Stuff', 'Legal Documents'));
    const before = await s3.objects(bucket);
    s3.writes();
    const { code, stdout } = await publish('--delete', '--dry-run');
    expect(code).toBe(0);
    expect(stdout).toContain('upload 1 file (');
    expect(stdout).toContain('  upload  legal/index.html  (text/html; charset=utf-8; public, max-age=0, must-revalidate)');
    expect(stdout).toContain('  delete  articles/second-look\n');
    expect(stdout).toContain('dry run: nothing was changed');
    expect(s3.writes()).toBe(0);
    expect(await s3.objects(bucket)).toEqual(before);
  });

  it('leaves the previous release consistent when the server stops midway, and a rerun completes the new one', async () => {
    await publish();
    // A new release: a new stylesheet that every page points at.
    const old = await cssAsset();
    const renamed = old.replace(/-\w+\.css$/, '-NEWRELEASE.css');
    await rename(path.join(site, old), path.join(site, renamed));
    const pages = (await builtFiles()).filter((f) => f.endsWith('.html'));
    for (const page of pages) {
      const file = path.join(site, page);
      await writeFile(file, (await readFile(file, 'utf8')).replaceAll(old, renamed));
    }
    let written = 0;
    s3.onWrite(() => {
      if (++written === 3) void s3.stop();
    });
    const stopped = await publish('--concurrency', '1', '--delete');
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toMatch(
      /^sitegen publish: lost http:\/\/127\.0\.0\.1:\d+ midway \(ECONNREFUSED\): the publish stopped; run it again to complete it\n$/,
    );

    await s3.restart();
    // Every page in the bucket, old or new, points at a stylesheet that is there.
    const keys = await siteKeys();
    const htmlKeys = keys.filter((k) => k.endsWith('.html'));
    expect(keys).toContain(old);
    expect(keys).toContain(renamed);
    let newPages = 0;
    for (const key of htmlKeys) {
      const body = (await s3.get(bucket, key)).body.toString();
      const sheet = /href="\/(assets\/site-\w+\.css)"/.exec(body)?.[1];
      expect(keys, key).toContain(sheet);
      if (sheet === renamed) newPages++;
    }
    expect(newPages).toBeGreaterThan(0);
    expect(newPages).toBeLessThan(htmlKeys.length);

    const rerun = await publish('--delete');
    expect(rerun.code).toBe(0);
    for (const page of pages) expect((await s3.get(bucket, page)).body.equals(await readFile(path.join(site, page))), page).toBe(true);
    expect((await publish()).stdout).toContain('upload 0 files');
  });

  it('retries uploads that the server throttles or fails with a 5xx, and stores every byte', async () => {
    const upstream = new URL(s3.endpoint());
    // In front of the bucket: the first upload of every third key is answered 503 SlowDown or 500,
    // once per key, so each of them must be retried and every retry can succeed, however the
    // uploads interleave.
    const attempts = new Map<string, number>();
    let refused = 0;
    const proxy = http.createServer((req, res) => {
      const key = req.url ?? '';
      const attempt = (attempts.get(key) ?? 0) + 1;
      if (req.method === 'PUT') attempts.set(key, attempt);
      if (req.method === 'PUT' && attempt === 1 && attempts.size % 3 === 0) {
        req.resume();
        const throttled = ++refused % 2 === 1;
        res.writeHead(throttled ? 503 : 500, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${throttled ? 'SlowDown' : 'InternalError'}</Code><Message>Try again.</Message></Error>`);
        return;
      }
      const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    const port = await listen(proxy, 0);
    try {
      const { code, stderr } = await runCli('publish', site, '--bucket', bucket, '--endpoint', `http://127.0.0.1:${port}`, '--region', 'us-east-1');
      expect(code, stderr).toBe(0);
      expect(refused).toBeGreaterThan(3);
      const retried = [...attempts.values()].filter((n) => n > 1).length;
      expect(retried).toBe(refused);
      for (const file of await builtFiles()) expect((await s3.get(bucket, file)).body.equals(await readFile(path.join(site, file))), file).toBe(true);
    } finally {
      proxy.close();
    }
  });

  it('stops with one clear line when the credentials are wrong', async () => {
    // s3rver checks the key id (it does not verify version 4 signatures).
    process.env.AWS_ACCESS_KEY_ID = 'NOT-A-KEY';
    try {
      const { code, stdout, stderr } = await publish();
      expect(code).toBe(3);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `sitegen publish: credentials rejected by ${s3.endpoint()} (InvalidAccessKeyId): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\n`,
      );
    } finally {
      process.env.AWS_ACCESS_KEY_ID = CREDENTIALS.accessKeyId;
    }
  });

  it('stops with one clear line when the bucket does not exist', async () => {
    const { code, stderr } = await runCli('publish', site, '--bucket', 'no-such-bucket', '--endpoint', s3.endpoint(), '--region', 'us-east-1');
    expect(code).toBe(3);
    expect(stderr).toBe(
      `sitegen publish: bucket "no-such-bucket" does not exist at ${s3.endpoint()}: check its name (--bucket), and the endpoint or region it was created in\n`,
    );
  });

  it('refuses a folder that holds no built site, and a missing bucket name', async () => {
    const empty = await runCli('publish', fx.content, '--bucket', bucket);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('holds no built site: run `sitegen build` first');
    expect((await runCli('publish', site)).code).toBe(2);
  });
});

describe('sitegen publish of a preview beside the live site', () => {
  const prefix = 'previews/pr-42/';
  let preview: string;
  let inArticles: string;
  beforeAll(async () => {
    const out = path.join(fx.dir, 'preview-out');
    expect((await runCli('build', '--content', fx.content, '--out', out, '--base', '/previews/pr-42')).code).toBe(0);
    preview = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitegen-preview-')), 'dist');
    await cp(out, preview, { recursive: true, dereference: true });
    // A site built for articles/ (--base /articles), which publish lets through to the bucket's own checks.
    inArticles = path.join(path.dirname(preview), 'articles-site');
    await cp(preview, inArticles, { recursive: true });
    await markBuilt(inArticles, { base: '/articles' });
  });

  const publishPreview = (...args: string[]) =>
    runCli('publish', preview, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', '--prefix', prefix, ...args);
  const previewKeys = async () =>
    Object.keys(await s3.objects(bucket))
      .filter((k) => k.startsWith(prefix))
      .sort();
  const liveObjects = async () =>
    Object.fromEntries(Object.entries(await s3.objects(bucket)).filter(([k]) => !k.startsWith('previews/') && !k.startsWith('.sitegen-sites/previews/')));
  /** The marker that says what the site at the prefix is, deleted last. */
  const marker = `.sitegen-sites/${prefix}.live`;

  it('publishes under the prefix only, answers there through the website endpoint, and never touches the live site', async () => {
    expect((await publish()).code).toBe(0);
    const live = await liveObjects();
    const { code, stdout } = await publishPreview();
    expect(code).toBe(0);
    expect(stdout).toContain(`s3://${bucket}/${prefix}: upload `);
    const files = (await readdir(preview, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => path.relative(preview, path.join(e.parentPath, e.name)));
    expect(await previewKeys()).toEqual(
      [...expectedKeys(files).map((k) => prefix + k), `${prefix}.sitegen-pages.json`, `${prefix}.sitegen-publish.json`].sort(),
    );
    expect(await liveObjects()).toEqual(live);

    const home = await s3.website(bucket, '/previews/pr-42/');
    expect(home.status).toBe(200);
    expect(home.body).toBe(await readFile(path.join(preview, 'index.html'), 'utf8'));
    expect(home.body).toContain('href="/previews/pr-42/legal"');
    expect((await s3.website(bucket, '/previews/pr-42/legal')).body).toBe(await readFile(path.join(preview, 'legal/index.html'), 'utf8'));
  });

  it('is left alone by the live site’s publish with --delete, which says so', async () => {
    await publish();
    await publishPreview();
    const before = await previewKeys();
    await rm(path.join(site, 'articles/second-look'), { recursive: true });
    const { code, stdout } = await publish('--delete');
    expect(code).toBe(0);
    expect(stdout).toContain('delete 2\n');
    expect(stdout).toContain(`  leave   ${before.length} objects of 1 other site published inside it: ${prefix}`);
    expect(await previewKeys()).toEqual(before);
    expect(await siteKeys()).not.toContain('articles/second-look');
  });

  it('is removed with --delete-all, manifest included, after a --dry-run that lists and changes nothing; the live site stays', async () => {
    await publish();
    await publishPreview();
    const live = await liveObjects();
    const keys = await previewKeys();
    const before = await s3.objects(bucket);
    s3.writes();

    const dry = await publishPreview('--delete-all', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`s3://${bucket}/${prefix}: delete all ${keys.length + 1} objects\n`);
    expect(dry.stdout).toContain(`  delete  ${prefix}legal\n`);
    expect(dry.stdout).toContain(`  delete  ${prefix}.sitegen-publish.json\n  delete  ${marker}\ndry run: nothing was changed\n`);
    expect(await s3.objects(bucket)).toEqual(before);

    const removed = await publishPreview('--delete-all');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(new RegExp(`deleted ${keys.length + 1} objects in [\\d.]+ s\\n$`));
    expect(await previewKeys()).toEqual([]);
    expect(Object.keys(await s3.objects(bucket))).not.toContain(marker);
    expect(await liveObjects()).toEqual(live);
    expect(s3.writes()).toBe(0);
    expect((await s3.website(bucket, '/previews/pr-42/legal')).status).toBe(404);
  });

  it('refuses --delete-all without a prefix, or with one that names the root: a whole bucket is never deleted', async () => {
    await publish();
    const before = await s3.objects(bucket);
    const expected = {
      '': 'sitegen publish: --delete-all needs a --prefix (such as previews/pr-42/): it never deletes a whole bucket\n',
      '--prefix ':
        'sitegen publish: --prefix "": is empty: leave --prefix out to publish at the bucket root; a prefix is a folder of keys below the bucket root, such as previews/pr-42/\n',
      '--prefix /':
        'sitegen publish: --prefix "/": starts with /: keys are relative to the bucket root, which is --prefix left out; a prefix is a folder of keys below the bucket root, such as previews/pr-42/\n',
    };
    for (const [args, message] of Object.entries(expected)) {
      const { code, stderr } = await runCli(
        'publish',
        site,
        '--bucket',
        bucket,
        '--endpoint',
        s3.endpoint(),
        '--region',
        'us-east-1',
        '--delete-all',
        ...(args ? args.split(/(?<=prefix) /) : []),
      );
      expect({ code, stderr }, args).toEqual({ code: 2, stderr: message });
    }
    expect(await s3.objects(bucket)).toEqual(before);
  });

  const publishAt = (dir: string, prefix: string, ...args: string[]) =>
    runCli('publish', dir, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', '--prefix', prefix, ...args);

  it('refuses to publish among the objects of the live site (articles/), with --delete or --force too, and leaves them all', async () => {
    await publish();
    const before = await s3.objects(bucket);
    for (const args of [[], ['--delete'], ['--force', '--delete'], ['--delete', '--dry-run']]) {
      const { code, stdout, stderr } = await publishAt(inArticles, 'articles/', ...args);
      expect({ code, stdout }, args.join(' ')).toEqual({ code: 2, stdout: '' });
      expect(stderr).toBe(
        `sitegen publish: s3://${bucket}/articles/ holds 4 objects of the site published at s3://${bucket}/, and no site was published at articles/ itself: a publish there would overwrite them and its --delete would remove them. Publish at a prefix of its own (such as previews/pr-42/), or pass --overlap-sites to publish among them (stale objects there are then never deleted)\n`,
      );
    }
    expect(await s3.objects(bucket)).toEqual(before);
  });

  it('publishes among them with --overlap-sites but never deletes them; the live site then refuses to overwrite that site unless told, and its --delete leaves it', async () => {
    await publish();
    const liveArticles = Object.keys(await s3.objects(bucket))
      .filter((k) => k.startsWith('articles/'))
      .sort();
    expect(liveArticles).toHaveLength(4);
    for (let run = 0; run < 2; run++) {
      const inside = await publishAt(inArticles, 'articles/', '--overlap-sites', '--delete');
      expect(inside.code, inside.stderr).toBe(0);
      expect(inside.stdout).toContain('delete 0, keep 4 stale');
      expect(inside.stdout).toContain(
        `  hold    stale objects: this site was published among the objects of the site at s3://${bucket}/ (--overlap-sites), so --delete cannot tell its own from that site's\n`,
      );
      const keys = Object.keys(await s3.objects(bucket));
      for (const key of liveArticles) expect(keys, key).toContain(key);
    }
    const before = await s3.objects(bucket);
    const removal = await publishAt(inArticles, 'articles/', '--delete-all');
    expect(removal).toEqual({
      code: 2,
      stdout: '',
      stderr: `sitegen publish: s3://${bucket}/articles/ was published among the objects of the site at s3://${bucket}/ (--overlap-sites): its objects cannot be told from that site's, and nothing was deleted\n`,
    });

    // The live site's own article pages now lie inside the site at articles/.
    const over = await publish('--delete');
    expect(over.code).toBe(2);
    expect(over.stderr).toBe(
      `sitegen publish: 4 keys of this site fall inside the site published at s3://${bucket}/articles/: they would overwrite its objects. Remove that site first (--delete-all --prefix articles/), or pass --overlap-sites to overwrite them\n`,
    );
    expect(await s3.objects(bucket)).toEqual(before);
    await rm(path.join(site, 'legal'), { recursive: true });
    const told = await publish('--delete', '--overlap-sites');
    expect(told.code, told.stderr).toBe(0);
    expect(told.stdout).toContain('delete 2\n');
    const after = Object.keys(await s3.objects(bucket));
    expect(after).not.toContain('legal');
    expect(after.filter((k) => k.startsWith('articles/')).sort()).toEqual(
      Object.keys(before)
        .filter((k) => k.startsWith('articles/'))
        .sort(),
    );
  });

  it('refuses --delete-all at a prefix no publish made a site of (part of the site around it), and finds nothing to delete at an empty one', async () => {
    await publish();
    const before = await s3.objects(bucket);
    const run = (prefix: string) =>
      runCli('publish', site, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', '--delete-all', '--prefix', prefix);
    const inside = await run('articles/');
    expect(inside.code).toBe(2);
    expect(inside.stderr).toMatch(
      /^sitegen publish: s3:\/\/[^/]+\/articles\/ holds \d+ objects but no site was published there \(it has no \.sitegen-publish\.json\): they belong to the site around it, and nothing was deleted\n$/,
    );
    expect(await s3.objects(bucket)).toEqual(before);
    const empty = await run('previews/pr-7/');
    expect({ code: empty.code, stdout: empty.stdout }).toEqual({
      code: 0,
      stdout: `s3://${bucket}/previews/pr-7/: nothing is published there, nothing to delete\n`,
    });
    expect(await s3.objects(bucket)).toEqual(before);
  });
});
