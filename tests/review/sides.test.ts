import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestOfFolder } from '../../src/diff/pageManifest.ts';
import { openSide, SideProblem, type ReviewSide } from '../../src/review/sides.ts';
import { runCli } from '../helpers/fixture.ts';
import { builtFixtureAndS3 } from '../helpers/s3.ts';

let setup: Awaited<ReturnType<typeof builtFixtureAndS3>>;
const opened: ReviewSide[] = [];
beforeAll(async () => {
  setup = await builtFixtureAndS3();
  await setup.s3.createWebsiteBucket('live');
  const published = await runCli('publish', setup.fx.out, '--bucket', 'live', '--endpoint', setup.s3.endpoint(), '--region', 'us-east-1');
  if (published.code !== 0) throw new Error(published.stderr);
});
afterAll(async () => {
  await Promise.all(opened.map((side) => side.close()));
  await setup?.remove();
});

const open = async (name: string) => {
  const side = await openSide(name, { endpoint: setup.s3.endpoint(), region: 'us-east-1' });
  opened.push(side);
  return side;
};
const get = async (side: ReviewSide, sitePath: string) => {
  const response = await fetch(side.origin + sitePath);
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
};

describe('a side of a review, served on this machine', () => {
  it('answers a site published in a bucket as the built folder does: every page at its route, every file at its path, 404.html for the rest', async () => {
    const [bucket, folder] = [await open('s3://live/'), await open(setup.fx.out)];
    const manifest = await manifestOfFolder(setup.fx.out);
    expect(bucket.manifest.pages).toEqual(manifest.pages);
    expect(bucket.empty).toBe(false);
    const stylesheet = (await readFile(path.join(setup.fx.out, 'index.html'), 'utf8')).match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    for (const sitePath of [...Object.keys(manifest.pages), stylesheet, '/no-such-page']) {
      const [fromBucket, fromFolder] = [await get(bucket, sitePath), await get(folder, sitePath)];
      expect(fromBucket.status, sitePath).toBe(fromFolder.status);
      expect(fromBucket.body.equals(fromFolder.body), sitePath).toBe(true);
      expect(fromBucket.type?.split(';')[0], sitePath).toBe(fromFolder.type?.split(';')[0]);
    }
    expect((await get(bucket, '/no-such-page')).status).toBe(404);
  });

  it('serves nothing sitegen keeps for itself (its manifests), and a bucket never published to is an empty side', async () => {
    const bucket = await open('s3://live/');
    expect((await get(bucket, '/.sitegen-publish.json')).status).toBe(404);
    await setup.s3.createWebsiteBucket('empty');
    const empty = await open('s3://empty/');
    expect(empty.empty).toBe(true);
    expect(Object.keys(empty.manifest.pages)).toEqual([]);
  });

  it('refuses what is not a built folder or a bucket, in one line', async () => {
    await expect(open(path.join(setup.fx.dir, 'missing'))).rejects.toThrow(SideProblem);
    await expect(open(path.join(setup.fx.out, 'index.html'))).rejects.toThrow(/no built folder .*index\.html: a review captures pages/);
    await expect(open('s3://')).rejects.toThrow(/names no bucket/);
  });
});
