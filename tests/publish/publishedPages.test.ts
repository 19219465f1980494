import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestOfFolder, PAGE_MANIFEST_KEY } from '../../src/diff/pageManifest.ts';
import { parseBucketLocation } from '../../src/publish/publishedPages.ts';
import { runCli } from '../helpers/fixture.ts';
import { builtFixtureAndS3 } from '../helpers/s3.ts';

let setup: Awaited<ReturnType<typeof builtFixtureAndS3>>;
beforeAll(async () => {
  setup = await builtFixtureAndS3();
});
afterAll(() => setup?.remove());

const bucketArgs = () => ['--endpoint', setup.s3.endpoint(), '--region', 'us-east-1'];
const diffJson = async (old: string) => {
  const run = await runCli('diff', old, setup.fx.out, '--format', 'json', ...bucketArgs());
  return {
    ...run,
    diff: run.code === 0 ? (JSON.parse(run.stdout) as Record<'pages' | 'files', Record<'added' | 'changed' | 'removed', string[]>>) : undefined,
  };
};

describe('sitegen diff s3://BUCKET/PREFIX/: the site published there as one side', () => {
  it('reads a bucket never published to as an empty site: every page and file is added, and stderr says why', async () => {
    await setup.s3.createWebsiteBucket('never-published');
    const built = await manifestOfFolder(setup.fx.out);
    const { code, stderr, diff } = await diffJson('s3://never-published');
    expect(code, stderr).toBe(0);
    expect(diff!.pages).toEqual({ added: Object.keys(built.pages), changed: [], removed: [] });
    expect(diff!.files.added).toEqual(Object.keys(built.files));
    expect(stderr).toBe('sitegen diff: s3://never-published has no page manifest: nothing was published there yet, so every page counts as added\n');
  });

  it('compares with the manifest a publish left, at the root and at a prefix, and says nothing more', async () => {
    await setup.s3.createWebsiteBucket('published');
    const root = await runCli('publish', setup.fx.out, '--bucket', 'published', ...bucketArgs());
    expect(root.code, root.stderr).toBe(0);
    const atRoot = await diffJson('s3://published/');
    expect(atRoot.code, atRoot.stderr).toBe(0);
    expect(atRoot.stderr).toBe('');
    expect(atRoot.diff!.pages).toEqual({ added: [], changed: [], removed: [] });

    // A preview's prefix with no publish of its own yet is empty, whatever the root holds.
    const preview = await diffJson('s3://published/previews/pr-7/');
    expect(preview.diff!.pages.added).toContain('/');
    expect(preview.stderr).toContain('s3://published/previews/pr-7/ has no page manifest');
  });

  it('keeps a manifest that names no draft or scheduled article the site leaves out, and still tells one held back alike from news', async () => {
    const article = setup.fx.file('articles/unannounced-partner.md');
    const draft = (await readFile(setup.fx.file('articles/second-look.md'), 'utf8')).replace(/^title: .*$/m, 'title: An Unannounced Partner\ndraft: true');
    const out = path.join(setup.fx.dir, 'with-draft');
    const build = () => runCli('build', '--content', setup.fx.content, '--out', out, '--format', 'text');
    try {
      await writeFile(article, draft);
      expect((await build()).code).toBe(0);
      await setup.s3.createWebsiteBucket('with-draft');
      const published = await runCli('publish', out, '--bucket', 'with-draft', ...bucketArgs());
      expect(published.code, published.stderr).toBe(0);
      const manifest = (await setup.s3.get('with-draft', PAGE_MANIFEST_KEY)).body.toString('utf8');
      expect(manifest).toContain('"heldBack"');
      expect(manifest).not.toContain('unannounced-partner');
      // The same draft is no news; scheduled now, it is.
      const same = await runCli('diff', 's3://with-draft', out, '--format', 'json', ...bucketArgs());
      expect(JSON.parse(same.stdout)).toMatchObject({ unpublished: [] });
      await writeFile(article, draft.replace('draft: true', '').replace(/^date: .*$/m, 'date: 2099-01-01'));
      expect((await build()).code).toBe(0);
      const scheduled = await runCli('diff', 's3://with-draft', out, '--format', 'json', ...bucketArgs());
      expect(JSON.parse(scheduled.stdout)).toMatchObject({ unpublished: ['/articles/unannounced-partner'] });
    } finally {
      await rm(article, { force: true });
    }
  });

  it('exits 3 with one line when the bucket cannot be read, and 2 for a location that names no bucket or prefix', async () => {
    const missing = await diffJson('s3://no-such-bucket');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      `sitegen diff: bucket "no-such-bucket" does not exist at ${setup.s3.endpoint()}: check its name (--bucket), and the endpoint or region it was created in\n`,
    );

    for (const [side, problem] of [
      ['s3://', 'names no bucket'],
      ['s3://b/../live/', 'the segment ".." is not allowed'],
      ['s3://b//x', 'starts with /'],
    ] as const) {
      const run = await diffJson(side);
      expect(run.code, side).toBe(2);
      expect(run.stderr, side).toContain(problem);
    }
  });
});

describe('parseBucketLocation', () => {
  it('reads the bucket and a prefix normalised as --prefix is', () => {
    expect(parseBucketLocation('s3://www')).toEqual({ bucket: 'www', prefix: '' });
    expect(parseBucketLocation('s3://www/')).toEqual({ bucket: 'www', prefix: '' });
    expect(parseBucketLocation('s3://www/previews/pr-42')).toEqual({ bucket: 'www', prefix: 'previews/pr-42/' });
  });
});
