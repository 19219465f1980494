import { cp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOf } from '../../src/hosting/keys.ts';
import { executePublish, preparePublish } from '../../src/publish/publish.ts';
import { fixtureCopy, runCli } from '../helpers/fixture.ts';
import { finished, projectCopy, type Project } from '../helpers/project.ts';
import { s3Environment, startS3 } from '../helpers/s3.ts';

/**
 * The release a publish is killed in the middle of: a new article in the category of the old ones
 * (their related lists change to link it, and come before it by name), one in a new category
 * (whose new page lists it, and links to itself) and two legal documents (only the sitemap lists
 * them; they add writes to kill after). No new
 * page links to another in a cycle (see uploadSteps), so every link of every page must work.
 */
const NEW_FILES: Record<string, string> = {
  'legal/zz-terms.md':
    '---\ntitle: Terms of Use\ndate: 2024-03-01\ndateLabel: Last modified\nsummary: The terms of the fixture site.\n---\n\nThese terms apply to the fixture site.\n',
  'articles/value-ladders.md':
    '---\ntitle: Value Ladders for Renewals\ndate: 2025-03-10\nauthor: Priya Nair\nexcerpt: How a value ladder carries a partner from the first season to the renewal.\ncategory: Reports\nthumbnail: /images/articles/value-banks.svg\nthumbnailAlt: A value bank gauge\n---\n\nA ladder of value, step by step.\n',
  'legal/yy-cookies.md':
    '---\ntitle: Cookies\ndate: 2024-04-01\ndateLabel: Last modified\nsummary: The cookies of the fixture site.\n---\n\nThe fixture site sets no cookies.\n',
  'articles/zone-maps.md':
    '---\ntitle: Zone Maps\ndate: 2025-03-12\nauthor: Tom Lefebvre\nexcerpt: Who sees which asset, and how to show it to a partner before they ask.\ncategory: Strategy\nthumbnail: /images/articles/birds-eye-view.svg\nthumbnailAlt: A map seen from above\n---\n\nEvery asset has an audience.\n',
};
const KILLS = 20;
const LANES = 3;

let project: Project;
let s3: Awaited<ReturnType<typeof startS3>>;
let v1: string;
let v2: string;
const savedEnv = { ...process.env };

/** A built site as plain files (the output folder is a link to its current version). */
async function built(content: string, name: string): Promise<string> {
  const out = path.join(project.parent, `${name}-out`);
  const result = await runCli('build', '--content', content, '--out', out);
  expect(result.code, result.stderr).toBe(0);
  const copy = path.join(project.parent, name);
  await cp(out, copy, { recursive: true, dereference: true });
  return copy;
}

beforeAll(async () => {
  const env = s3Environment(os.tmpdir());
  Object.assign(process.env, env);
  project = await projectCopy({ env });
  const fx = await fixtureCopy();
  try {
    v1 = await built(fx.content, 'v1');
    for (const [file, text] of Object.entries(NEW_FILES)) await fx.write(file, text);
    v2 = await built(fx.content, 'v2');
  } finally {
    await fx.remove();
  }
  s3 = await startS3();
}, 60_000);
afterAll(async () => {
  process.env = savedEnv;
  await s3?.destroy();
  await project?.remove();
});

const where = (bucket: string) => ['--bucket', bucket, '--endpoint', s3.endpoint(), '--region', 'us-east-1'];

/**
 * The bucket as the first release left it, but for the new release's hashed assets, kept as a
 * publish keeps retired assets: what the new release's pages are published over (in-process,
 * through publish's own steps).
 */
async function restore(bucket: string) {
  await publishInProcess(v1, bucket);
}

async function publishInProcess(dir: string, bucket: string) {
  const prepared = await preparePublish({
    dir,
    prefix: '',
    bucket,
    endpoint: s3.endpoint(),
    region: 'us-east-1',
    delete: true,
    force: false,
    overlapSites: false,
    assetRetentionDays: 7,
  });
  await executePublish(prepared, 8);
}

/** The keys a page's `href`, `src` and `srcset` point at inside its site, as the website endpoint resolves them. */
function internalTargets(html: string): string[] {
  const urls = [...html.matchAll(/\s(href|src|srcset)="([^"]*)"/g)].flatMap(([, name, value]) =>
    name === 'srcset' ? value!.split(',').map((c) => c.trim().split(/\s+/)[0]!) : [value!],
  );
  return urls
    .filter((url) => url.startsWith('/') && !url.startsWith('//'))
    .map((url) => decodeURI(url.replace(/[?#].*$/, '')).slice(1))
    .map((key) => (key === '' || key.endsWith('/') ? `${key}index.html` : key));
}

/** Every link of every page in the bucket that leads to no object: `page → key`. */
async function brokenLinks(bucket: string): Promise<string[]> {
  const keys = new Set(Object.keys(await s3.objects(bucket)));
  const pages = [...keys].filter((key) => key.endsWith('.html') || keys.has(`${key}/index.html`));
  const broken: string[] = [];
  for (const page of pages) {
    const html = (await s3.get(bucket, page)).body.toString();
    for (const target of internalTargets(html)) if (!keys.has(target)) broken.push(`${page} → ${target}`);
  }
  return broken;
}

/** Runs `sitegen publish` of the new release in a child process, one upload at a time, and kills it after its `kill`-th object written (never, when undefined). */
async function publishV2(bucket: string, kill?: number) {
  const written: string[] = [];
  const child = project.start(['publish', v2, ...where(bucket), '--concurrency', '1', '--delete']);
  const stop = s3.onWrite((key, into) => {
    if (into !== bucket) return;
    written.push(key);
    if (written.length === kill) child.kill('SIGKILL');
  });
  const result = await finished(child);
  stop();
  return { ...result, written };
}

describe('sitegen publish killed midway', () => {
  it(`leaves every link of every page in the bucket working, killed at ${KILLS} points of its uploads`, async () => {
    // The new release once, assets and all, then again over the first release with its assets in place, to know the order of its page writes.
    await s3.createWebsiteBucket('reference');
    await restore('reference');
    expect(await brokenLinks('reference')).toEqual([]);
    await publishInProcess(v2, 'reference');
    expect(await brokenLinks('reference')).toEqual([]);
    await restore('reference');
    const full = await publishV2('reference');
    expect(full.code, full.stderr).toBe(0);
    const v2Pages = new Set((await readdir(v2, { recursive: true })).filter((f) => f.endsWith('.html')).flatMap((f) => keysOf(f)));
    expect(full.written.slice(0, 2).every((key) => v2Pages.has(key))).toBe(true);
    // Kills after k writes, spread evenly from the first to the last.
    expect(full.written.length).toBeGreaterThanOrEqual(KILLS);
    const points = Array.from({ length: KILLS }, (_, i) => 1 + Math.round((i * (full.written.length - 1)) / (KILLS - 1)));
    expect(new Set(points).size).toBe(KILLS);

    // A few buckets side by side, each killed at every LANES-th point: the time goes into starting Node, not into work.
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const bucket = `kill-${lane}`;
        await s3.createWebsiteBucket(bucket);
        await restore(bucket);
        await publishInProcess(v2, bucket);
        for (const kill of points.filter((_, i) => i % LANES === lane)) {
          await restore(bucket);
          const run = await publishV2(bucket, kill);
          expect(run.written.length, `kill after write ${kill}`).toBe(kill);
          if (kill < full.written.length) expect(run.signal, `kill after write ${kill}`).toBe('SIGKILL');
          failures.push(...(await brokenLinks(bucket)).map((link) => `killed after write ${kill} (${run.written.at(-1)}): ${link}`));
        }
      }),
    );
    expect(failures.sort()).toEqual([]);

    // A run after a kill completes the release.
    expect((await publishV2('kill-0')).code).toBe(0);
    expect(await brokenLinks('kill-0')).toEqual([]);
    const rerun = await runCli('publish', v2, ...where('kill-0'), '--dry-run');
    expect(rerun.stdout).toContain('upload 0 files');
  }, 240_000);
});
