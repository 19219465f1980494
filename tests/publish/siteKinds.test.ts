import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BuildMode } from '../../src/hosting/buildMode.ts';
import { markBuilt, smallBuiltSite } from '../helpers/builtSite.ts';
import { runCli } from '../helpers/fixture.ts';
import { CREDENTIALS, s3Environment, startS3 } from '../helpers/s3.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let folder: string;
const savedEnv = { ...process.env };
/** Small built sites, one per mode, made once: what publish is handed. */
const sites = new Map<string, string>();

/** A built site marked as built with these options (the folder is made once per mode). */
async function built(mode: Partial<BuildMode>): Promise<string> {
  const name = JSON.stringify(mode);
  if (!sites.has(name)) {
    const dir = path.join(folder, `site-${sites.size}`);
    await cp(sites.get('{}')!, dir, { recursive: true });
    await markBuilt(dir, mode);
    sites.set(name, dir);
  }
  return sites.get(name)!;
}
const live = (base = '') => built({ base });
const preview = (base: string) => built({ drafts: true, base });

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sitegen-kinds-'));
  sites.set('{}', await smallBuiltSite());
  s3 = await startS3();
  Object.assign(process.env, s3Environment(folder));
});
afterAll(async () => {
  process.env = savedEnv;
  await s3?.destroy();
  await Promise.all([folder, sites.get('{}')].map((dir) => dir && rm(dir, { recursive: true, force: true })));
});

let bucket: string;
let count = 0;
beforeEach(async () => {
  bucket = `kinds-${++count}`;
  await s3.createWebsiteBucket(bucket);
  s3.writes();
});

const publish = (dir: string, prefix: string | undefined, ...args: string[]) =>
  runCli('publish', dir, '--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1', ...(prefix ? ['--prefix', prefix] : []), ...args);
async function published(dir: string, prefix?: string, ...args: string[]) {
  const result = await publish(dir, prefix, ...args);
  expect(result.code, result.stderr).toBe(0);
}
/** A bucket as a sitegen before site markers left it: every marker deleted. */
async function withoutMarkers() {
  const client = new S3Client({ endpoint: s3.endpoint(), region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  const markers = Object.keys(await s3.objects(bucket)).filter((key) => key.startsWith('.sitegen-sites/'));
  expect(markers.length).toBeGreaterThan(0);
  await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: markers.map((Key) => ({ Key })) } }));
}
/** A refusal: exit 2, one line naming the sites in the way and the option that overrides, and nothing written. */
async function refused(dir: string, prefix: string | undefined, ...sitesInTheWay: string[]) {
  const before = await s3.objects(bucket);
  s3.writes();
  for (const args of [[], ['--delete'], ['--force'], ['--dry-run'], ['--overlap-sites']]) {
    const { code, stdout, stderr } = await publish(dir, prefix, ...args);
    expect({ code, stdout, lines: stderr.split('\n').length }, args.join(' ')).toEqual({ code: 2, stdout: '', lines: 2 });
    expect(stderr).toMatch(/^sitegen publish: .* --mix-live-and-previews to publish here anyway; nothing was written to the bucket\n$/);
    for (const site of sitesInTheWay) expect(stderr).toContain(`s3://${bucket}/${site}`);
  }
  expect(s3.writes()).toBe(0);
  expect(await s3.objects(bucket)).toEqual(before);
}

describe('publish keeps previews and the live site out of each other’s bucket', () => {
  it('refuses a drafts build under a prefix of the bucket the live site is published in, before any write: the draft never answers on the live host', async () => {
    await published(await live());
    const site = await preview('/pr-42');
    await refused(site, 'pr-42/', '');
    const { stderr } = await publish(site, 'pr-42/');
    expect(stderr).toBe(
      `sitegen publish: ${site} is a preview (a build with --drafts --base /pr-42), and this bucket holds the live site (at s3://${bucket}/): a bucket is one origin, so its drafts would answer on the live host. Publish previews to a bucket of their own (see docs/operators/previews.md), or pass --mix-live-and-previews to publish here anyway; nothing was written to the bucket\n`,
    );
    expect((await s3.website(bucket, '/pr-42/')).status).toBe(404);
  });

  it('refuses the live site in a bucket or at a prefix that holds previews, at the root or beside them', async () => {
    await published(await preview('/pr-1'), 'pr-1/');
    await published(await preview('/pr-2'), 'pr-2/');
    await refused(await live(), undefined, 'pr-1/', 'pr-2/');
    await refused(await live('/www'), 'www/', 'pr-1/', 'pr-2/');
    // Inside a preview's prefix too.
    await refused(await live('/pr-1/live'), 'pr-1/live/', 'pr-1/');
    // At a preview's own prefix.
    await refused(await live('/pr-1'), 'pr-1/', 'pr-1/');
  });

  it('knows the sites of a bucket published before sites were marked, from what their manifests record', async () => {
    await published(await live());
    await published(await live('/www'), 'www/');
    await withoutMarkers();
    // The live site around the prefix.
    await refused(await preview('/pr-42'), 'pr-42/', '');
    await refused(await preview('/www/pr-42'), 'www/pr-42/', '');

    bucket = `kinds-${++count}`;
    await s3.createWebsiteBucket(bucket);
    await published(await preview('/pr-1'), 'pr-1/');
    await withoutMarkers();
    // Previews inside the prefix, found by the listing a publish at the root makes anyway.
    await refused(await live(), undefined, 'pr-1/');
    // The site at the prefix itself.
    await refused(await live('/pr-1'), 'pr-1/', 'pr-1/');
  });

  it('publishes the live site beside another at a prefix, and previews beside previews, and marks each', async () => {
    await published(await live());
    await published(await live('/blog'), 'blog/');
    await published(await live(), undefined, '--delete');
    const previews = `kinds-${++count}`;
    const liveBucket = bucket;
    bucket = previews;
    await s3.createWebsiteBucket(bucket);
    await published(await preview('/pr-4'), 'pr-4/');
    await published(await preview('/pr-42'), 'pr-42/', '--delete');
    expect(Object.keys(await s3.objects(liveBucket)).filter((k) => k.startsWith('.sitegen-sites/'))).toEqual([
      '.sitegen-sites/.live',
      '.sitegen-sites/blog/.live',
    ]);
    expect(Object.keys(await s3.objects(previews)).filter((k) => k.startsWith('.sitegen-sites/'))).toEqual([
      '.sitegen-sites/pr-4/.preview',
      '.sitegen-sites/pr-42/.preview',
    ]);
    // One preview's prefix is the start of another's: its removal takes its own objects and marker, marker last, and nothing of pr-42/.
    const pr42 = Object.entries(await s3.objects(previews)).filter(([k]) => k.startsWith('pr-42/') || k.startsWith('.sitegen-sites/pr-42/'));
    const removed = await publish(await preview('/pr-4'), 'pr-4/', '--delete-all', '--dry-run');
    expect(removed.stdout).toMatch(/ {2}delete {2}pr-4\/\.sitegen-publish\.json\n {2}delete {2}\.sitegen-sites\/pr-4\/\.preview\ndry run/);
    await published(await preview('/pr-4'), 'pr-4/', '--delete-all');
    expect(Object.entries(await s3.objects(previews))).toEqual(pr42);
    // The live site still may not join them.
    await refused(await live(), undefined, 'pr-42/');
  });

  it('publishes across kinds with --mix-live-and-previews, and then marks the prefix with its new kind alone', async () => {
    await published(await live());
    await published(await preview('/pr-42'), 'pr-42/', '--mix-live-and-previews');
    expect((await s3.website(bucket, '/pr-42/')).status).toBe(200);
    await published(await live('/pr-42'), 'pr-42/', '--mix-live-and-previews');
    expect(Object.keys(await s3.objects(bucket)).filter((k) => k.startsWith('.sitegen-sites/'))).toEqual([
      '.sitegen-sites/.live',
      '.sitegen-sites/pr-42/.live',
    ]);
    await published(await live('/pr-42'), 'pr-42/');
  });

  it('removes a marker a stopped removal left alone with --delete-all, so that it no longer refuses the other kind', async () => {
    await published(await preview('/pr-7'), 'pr-7/');
    const client = new S3Client({ endpoint: s3.endpoint(), region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
    const site = Object.keys(await s3.objects(bucket)).filter((k) => k.startsWith('pr-7/'));
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: site.map((Key) => ({ Key })) } }));
    await refused(await live(), undefined, 'pr-7/');
    await published(await preview('/pr-7'), 'pr-7/', '--delete-all');
    expect(await s3.objects(bucket)).toEqual({});
    await published(await live());
  });
});
