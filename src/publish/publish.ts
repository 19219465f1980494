import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { manifestOfFolder, manifestText, PAGE_MANIFEST_KEY } from '../diff/pageManifest.ts';
import { CACHE_REVALIDATE } from '../hosting/policy.ts';
import { Bucket, type BucketOptions } from './bucket.ts';
import { s3Etags } from './etag.ts';
import { planPublish, type PublishPlan } from './plan.ts';
import { normalizePrefix, siteFiles, type SiteFile } from './siteObjects.ts';

export interface PublishOptions extends BucketOptions {
  dir: string;
  prefix?: string;
  delete: boolean;
  force: boolean;
  /** Days a hashed asset of an earlier release stays in the bucket before --delete removes it. */
  assetRetentionDays: number;
  now?: Date;
}

/** A publish worked out against the bucket, not yet carried out. */
export interface PreparedPublish {
  bucket: Bucket;
  prefix: string;
  dir: string;
  plan: PublishPlan;
  manifestKey: string;
  manifestChanged: boolean;
  /** The site's page manifest (what `sitegen diff` compares), kept beside the publish manifest so a pull request can be compared with the live site without building it. */
  pages: { key: string; body: Buffer; changed: boolean };
}

const MANIFEST = '.sitegen-publish.json';
const JSON_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: CACHE_REVALIDATE };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reads the built folder and the bucket and works out what to upload, keep and delete. */
export async function preparePublish(options: PublishOptions): Promise<PreparedPublish> {
  const prefix = normalizePrefix(options.prefix);
  const manifestKey = prefix + MANIFEST;
  const bucket = new Bucket(options);
  // The output folder is a link to its current version: a build finishing meanwhile must not mix two sites.
  const dir = await realpath(options.dir);
  const pagesKey = prefix + PAGE_MANIFEST_KEY;
  const [files, listed, pageManifest] = await Promise.all([siteFiles(dir, prefix), bucket.list(prefix), manifestOfFolder(dir)]);
  const previous = listed.some((o) => o.key === manifestKey) ? await bucket.readManifest(manifestKey) : { retired: {} };
  const pagesBody = Buffer.from(manifestText(pageManifest));
  const pagesObject = listed.find((o) => o.key === pagesKey);
  const plan = planPublish(
    files,
    listed.filter((o) => o.key !== manifestKey && o.key !== pagesKey),
    previous,
    { prefix, delete: options.delete, force: options.force, assetRetentionMs: options.assetRetentionDays * DAY_MS, now: options.now ?? new Date() },
  );
  const manifestChanged = JSON.stringify(plan.manifest) !== JSON.stringify(previous);
  const pagesChanged = options.force || !pagesObject || !s3Etags(pagesBody).includes(pagesObject.etag);
  return { bucket, prefix, dir, plan, manifestKey, manifestChanged, pages: { key: pagesKey, body: pagesBody, changed: pagesChanged } };
}

/**
 * Carries a plan out in the order that keeps the live site whole if it stops midway: assets
 * first, then pages (which point at them), then the manifests, then deletions.
 */
export async function executePublish(prepared: PreparedPublish, concurrency: number): Promise<void> {
  const { bucket, plan } = prepared;
  const limit = pLimit(concurrency);
  const upload = (file: SiteFile) =>
    limit(async () => {
      const body = await readFile(path.join(prepared.dir, file.file));
      for (const key of file.keys) await bucket.put(key, body, file);
    });
  for (const phase of ['assets', 'pages'] as const) {
    await Promise.all(plan.uploads.filter((f) => f.phase === phase).map(upload)).catch((error: unknown) => {
      // Nothing more starts once one upload has failed; the next publish completes the rest.
      limit.clearQueue();
      throw error;
    });
  }
  if (prepared.manifestChanged) {
    const body = Buffer.from(`${JSON.stringify(plan.manifest, null, 2)}\n`);
    await bucket.put(prepared.manifestKey, body, JSON_HEADERS);
  }
  if (prepared.pages.changed) await bucket.put(prepared.pages.key, prepared.pages.body, JSON_HEADERS);
  if (plan.deletes.length) await bucket.delete(plan.deletes);
}
