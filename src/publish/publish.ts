import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { manifestOfFolder, manifestText, PAGE_MANIFEST_KEY } from '../diff/pageManifest.ts';
import { CACHE_REVALIDATE } from '../hosting/policy.ts';
import { Bucket, type BucketOptions } from './bucket.ts';
import { s3Etags } from './etag.ts';
import { planPublish, type PublishPlan, type RemoteObject } from './plan.ts';
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
  /** The bucket holds no manifest at the prefix yet: it is written first, so the prefix is known as a site's from its first object. */
  firstPublish: boolean;
  /** Sites published inside the prefix (a preview under the live site), left alone: prefix → objects. */
  otherSites: Map<string, number>;
  /** The site's page manifest (what `sitegen diff` compares), kept beside the publish manifest so a pull request can be compared with the live site without building it. */
  pages: { key: string; body: Buffer; changed: boolean };
}

const MANIFEST = '.sitegen-publish.json';
const JSON_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: CACHE_REVALIDATE };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The objects under `prefix` that belong to the site published there, and the sites published
 * inside it (each known by its own manifest, as `previews/pr-42/.sitegen-publish.json`), whose
 * objects a publish or a deletion at `prefix` never touches.
 */
export function ownObjects(listed: RemoteObject[], prefix: string): { own: RemoteObject[]; otherSites: Map<string, number> } {
  const nested = listed.map((o) => o.key).filter((key) => key.endsWith(`/${MANIFEST}`) && key.length > prefix.length + MANIFEST.length).map((key) => key.slice(0, -MANIFEST.length));
  const otherSites = new Map(nested.map((p) => [p, 0]));
  const own: RemoteObject[] = [];
  for (const object of listed) {
    const site = nested.find((p) => object.key.startsWith(p));
    if (site === undefined) own.push(object);
    else otherSites.set(site, otherSites.get(site)! + 1);
  }
  return { own, otherSites };
}

/** Reads the built folder and the bucket and works out what to upload, keep and delete. */
export async function preparePublish(options: PublishOptions): Promise<PreparedPublish> {
  const prefix = normalizePrefix(options.prefix);
  const manifestKey = prefix + MANIFEST;
  const bucket = new Bucket(options);
  // The output folder is a link to its current version: a build finishing meanwhile must not mix two sites.
  const dir = await realpath(options.dir);
  const pagesKey = prefix + PAGE_MANIFEST_KEY;
  const [files, listed, pageManifest] = await Promise.all([siteFiles(dir, prefix), bucket.list(prefix), manifestOfFolder(dir)]);
  const { own, otherSites } = ownObjects(listed, prefix);
  const firstPublish = !own.some((o) => o.key === manifestKey);
  const previous = firstPublish ? { retired: {} } : await bucket.readManifest(manifestKey);
  const pagesBody = Buffer.from(manifestText(pageManifest));
  const pagesObject = own.find((o) => o.key === pagesKey);
  const plan = planPublish(
    files,
    own.filter((o) => o.key !== manifestKey && o.key !== pagesKey),
    previous,
    { prefix, delete: options.delete, force: options.force, assetRetentionMs: options.assetRetentionDays * DAY_MS, now: options.now ?? new Date() },
  );
  const manifestChanged = JSON.stringify(plan.manifest) !== JSON.stringify(previous);
  const pagesChanged = options.force || !pagesObject || !s3Etags(pagesBody).includes(pagesObject.etag);
  return { bucket, prefix, dir, plan, manifestKey, manifestChanged, firstPublish, otherSites, pages: { key: pagesKey, body: pagesBody, changed: pagesChanged } };
}

/** Everything a site published at `prefix` left in the bucket, worked out but not yet deleted. */
export interface PreparedRemoval {
  bucket: Bucket;
  prefix: string;
  /** Every key of the site, its manifest last. */
  deletes: string[];
  otherSites: Map<string, number>;
  /** Whether a site was published at the prefix (its manifest is there): objects under a prefix without one belong to the site around it. */
  published: boolean;
}

/** Lists the site at a prefix (a preview) for `--delete-all`: its objects and its manifest, never a site published inside it. */
export async function prepareRemoval(options: BucketOptions & { prefix: string }): Promise<PreparedRemoval> {
  const prefix = normalizePrefix(options.prefix);
  if (!prefix) throw new Error('--delete-all needs a --prefix: it never deletes a whole bucket');
  const bucket = new Bucket(options);
  const { own, otherSites } = ownObjects(await bucket.list(prefix), prefix);
  const manifestKey = prefix + MANIFEST;
  // The manifest goes last: a removal stopped midway leaves the prefix marked as a site's, so the live site's --delete still leaves it alone.
  const deletes = [...own.map((o) => o.key).filter((key) => key !== manifestKey).sort(), ...own.filter((o) => o.key === manifestKey).map((o) => o.key)];
  return { bucket, prefix, deletes, otherSites, published: own.some((o) => o.key === manifestKey) };
}

/** Deletes what `prepareRemoval` listed, the manifest in a request of its own after the rest. */
export async function executeRemoval(prepared: PreparedRemoval): Promise<void> {
  const { bucket, deletes, prefix } = prepared;
  const manifestLast = deletes.at(-1) === prefix + MANIFEST ? 1 : 0;
  await bucket.delete(deletes.slice(0, deletes.length - manifestLast));
  if (manifestLast) await bucket.delete(deletes.slice(-1));
}

/**
 * Carries a plan out in the order that keeps the live site whole if it stops midway: assets
 * first, then pages (which point at them), then the manifest, then deletions.
 */
export async function executePublish(prepared: PreparedPublish, concurrency: number): Promise<void> {
  const { bucket, plan } = prepared;
  const limit = pLimit(concurrency);
  const manifest = () => bucket.put(prepared.manifestKey, Buffer.from(`${JSON.stringify(plan.manifest, null, 2)}\n`), JSON_HEADERS);
  // A new site's manifest goes up first: a site published beside it (the live site around a preview) then knows these keys are not its own.
  if (prepared.firstPublish) await manifest();
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
  if (prepared.manifestChanged && !prepared.firstPublish) await manifest();
  if (prepared.pages.changed) await bucket.put(prepared.pages.key, prepared.pages.body, JSON_HEADERS);
  if (plan.deletes.length) await bucket.delete(plan.deletes);
}
