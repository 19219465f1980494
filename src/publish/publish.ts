import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { manifestOfFolder, manifestText, PAGE_MANIFEST_KEY, publishedManifest } from '../diff/pageManifest.ts';
import { outputMode } from '../hosting/buildMode.ts';
import { CACHE_REVALIDATE } from '../hosting/policy.ts';
import { Bucket, type BucketOptions } from './bucket.ts';
import { s3Etags } from './etag.ts';
import { planPublish, type PublishManifest, type PublishPlan, type RemoteObject } from './plan.ts';
import { siteFiles, type SiteFile } from './siteObjects.ts';
import { kindMarkerKey, knownSites, markedSites, otherKindSites, siteKind, SITES_FOLDER, type SiteKind } from './siteKinds.ts';
import { linkedKeys, uploadSteps } from './uploadOrder.ts';

export interface PublishOptions extends BucketOptions {
  dir: string;
  /** A prefix `parsePrefix` read: '' or segments ending in `/`. */
  prefix: string;
  delete: boolean;
  force: boolean;
  /** Publish even where another published site's objects are (see `Overlap`). */
  overlapSites: boolean;
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
  /** The plan's uploads in the steps `uploadSteps` made of them. */
  steps: SiteFile[][];
  /** Other sites' objects this publish would overwrite or adopt: refused unless `overlapSites`. */
  overlaps: Overlap[];
  /** Stale objects held back because the prefix lies among another site's objects: which of them are this site's is not known. */
  held: string | undefined;
  /** What this site is (a preview or the live site), and the sites of the other kind in the bucket: refused unless `--mix-live-and-previews`. */
  kind: SiteKind;
  mixed: string[];
  /** The marker that says what this site is, written before anything else when the bucket lacks it. */
  marker: { key: string; body: Buffer; missing: boolean };
  /** Markers of the other kind at this prefix (a preview replaced by a live site, with the override), deleted last. */
  staleMarkers: string[];
}

/**
 * Where a publish meets another site published in the same bucket: its prefix lies among the
 * objects of a site around it (`articles/` inside the live site), or its keys fall inside a site
 * published within it. A preview inside the live site meets neither: its keys are its own.
 */
export interface Overlap {
  kind: 'inside' | 'over';
  /** The other site's prefix ('' for the bucket root). */
  site: string;
  /** The other site's objects under this prefix (`inside`), or this build's keys under its prefix (`over`). */
  objects: number;
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
  const nested = listed
    .map((o) => o.key)
    .filter((key) => key.endsWith(`/${MANIFEST}`) && key.length > prefix.length + MANIFEST.length)
    .map((key) => key.slice(0, -MANIFEST.length));
  const otherSites = new Map(nested.map((p) => [p, 0]));
  const own: RemoteObject[] = [];
  for (const object of listed) {
    // The markers of every site of the bucket (listed at the root) are no site's objects.
    if (object.key.startsWith(SITES_FOLDER)) continue;
    const site = nested.find((p) => object.key.startsWith(p));
    if (site === undefined) own.push(object);
    else otherSites.set(site, otherSites.get(site)! + 1);
  }
  return { own, otherSites };
}

/** The nearest site published around `prefix`, known by its manifest at one of the prefixes that contain it. */
async function siteAround(bucket: Bucket, prefix: string): Promise<string | undefined> {
  const segments = prefix.split('/').slice(0, -1);
  for (let n = segments.length - 1; n >= 0; n--) {
    const around = segments
      .slice(0, n)
      .map((s) => `${s}/`)
      .join('');
    if (await bucket.exists(around + MANIFEST)) return around;
  }
  return undefined;
}

/** The links of the new pages, which the pages that link to them wait for. */
async function linksOfAdded(dir: string, plan: PublishPlan): Promise<Map<SiteFile, string[]>> {
  const pages = plan.uploads.filter((f) => f.phase === 'pages' && plan.added.has(f));
  const limit = pLimit(32);
  return new Map(await Promise.all(pages.map((page) => limit(async () => [page, linkedKeys(await readFile(path.join(dir, page.file), 'utf8'))] as const))));
}

/** Reads the built folder and the bucket and works out what to upload, keep and delete. */
export async function preparePublish(options: PublishOptions): Promise<PreparedPublish> {
  const { prefix } = options;
  const manifestKey = prefix + MANIFEST;
  const bucket = new Bucket(options);
  // The output folder is a link to its current version: a build finishing meanwhile must not mix two sites.
  const dir = await realpath(options.dir);
  const pagesKey = prefix + PAGE_MANIFEST_KEY;
  const mode = outputMode(dir);
  if (!mode) throw new Error(`${dir} does not say how it was built`);
  const kind = siteKind(mode);
  const [files, listed, pageManifest, markerKeys] = await Promise.all([
    siteFiles(dir, prefix),
    bucket.list(prefix),
    manifestOfFolder(dir),
    bucket.list(SITES_FOLDER).then((objects) => objects.map((o) => o.key)),
  ]);
  const { own, otherSites } = ownObjects(listed, prefix);
  const firstPublish = !own.some((o) => o.key === manifestKey);
  const known = await knownSites(bucket, prefix, markerKeys, {
    here: !firstPublish,
    inside: [...otherSites.keys()],
    manifest: MANIFEST,
    pages: PAGE_MANIFEST_KEY,
  });
  const markerKey = kindMarkerKey(prefix, kind);
  const staleMarkers = (markedSites(markerKeys).get(prefix) ?? []).filter((k) => k !== kind).map((k) => kindMarkerKey(prefix, k));
  const previous: PublishManifest = firstPublish ? { retired: {} } : await bucket.readManifest(manifestKey);

  const overlaps: Overlap[] = [];
  // Objects under a prefix that no publish made a site of belong to the site around it, if there is one.
  const around = firstPublish && own.length ? await siteAround(bucket, prefix) : undefined;
  if (around !== undefined) overlaps.push({ kind: 'inside', site: around, objects: own.length });
  for (const site of otherSites.keys()) {
    const objects = files.flatMap((f) => f.keys).filter((key) => key.startsWith(site)).length;
    if (objects) overlaps.push({ kind: 'over', site, objects });
  }
  const insideSite = previous.insideSite ?? around;

  // Anyone may read it: a page the site leaves out (a draft, a scheduled article) is named there only by a digest.
  const pagesBody = Buffer.from(manifestText(publishedManifest(pageManifest)));
  const pagesObject = own.find((o) => o.key === pagesKey);
  const plan = planPublish(
    files,
    own.filter((o) => o.key !== manifestKey && o.key !== pagesKey),
    previous,
    { prefix, delete: options.delete, force: options.force, assetRetentionMs: options.assetRetentionDays * DAY_MS, now: options.now ?? new Date() },
  );
  if (insideSite !== undefined) {
    plan.manifest.insideSite = insideSite;
    plan.kept = [...plan.kept, ...plan.deletes].sort();
    plan.deletes = [];
  }
  const manifestChanged = JSON.stringify(plan.manifest) !== JSON.stringify(previous);
  const pagesChanged = options.force || !pagesObject || !s3Etags(pagesBody).includes(pagesObject.etag);
  const steps = uploadSteps(plan.uploads, plan.added, await linksOfAdded(dir, plan));
  plan.uploads = steps.flat();
  return {
    bucket,
    prefix,
    dir,
    plan,
    manifestKey,
    manifestChanged,
    firstPublish,
    otherSites,
    pages: { key: pagesKey, body: pagesBody, changed: pagesChanged },
    steps,
    overlaps,
    held: options.delete ? insideSite : undefined,
    kind,
    mixed: otherKindSites(known, kind),
    marker: { key: markerKey, body: Buffer.from(`${JSON.stringify(mode)}\n`), missing: !known.markers.has(markerKey) },
    staleMarkers,
  };
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
  /** The site this one was published among the objects of (`--overlap-sites`): its objects cannot be told apart, and none is deleted. */
  insideSite: string | undefined;
  /** The markers of its kind: deleted after everything else, in a request of their own. */
  markers: string[];
}

/** Lists the site at a prefix (a preview) for `--delete-all`: its objects and its manifest, never a site published inside it. */
export async function prepareRemoval(options: BucketOptions & { prefix: string }): Promise<PreparedRemoval> {
  const { prefix } = options;
  if (!prefix) throw new Error('--delete-all needs a --prefix: it never deletes a whole bucket');
  const bucket = new Bucket(options);
  const [listed, markerKeys] = await Promise.all([bucket.list(prefix), bucket.list(SITES_FOLDER + prefix)]);
  const { own, otherSites } = ownObjects(listed, prefix);
  const markers = (markedSites(markerKeys.map((o) => o.key)).get(prefix) ?? []).map((kind) => kindMarkerKey(prefix, kind));
  const manifestKey = prefix + MANIFEST;
  // The manifest goes last: a removal stopped midway leaves the prefix marked as a site's, so the live site's --delete still leaves it alone.
  const deletes = [
    ...own
      .map((o) => o.key)
      .filter((key) => key !== manifestKey)
      .sort(),
    ...own.filter((o) => o.key === manifestKey).map((o) => o.key),
    ...markers,
  ];
  // A marker alone is what a removal stopped after the manifest left: the site is gone, and its marker goes too.
  const published = own.some((o) => o.key === manifestKey) || (!own.length && markers.length > 0);
  const { insideSite } = published ? await bucket.readManifest(manifestKey) : { insideSite: undefined };
  return { bucket, prefix, deletes, otherSites, published, insideSite, markers };
}

/**
 * Deletes what `prepareRemoval` listed: the site's objects, then its manifest, then its marker,
 * each in a request of its own, so that a removal stopped midway leaves the prefix known as a
 * site's (and of what kind) until a rerun completes it.
 */
export async function executeRemoval(prepared: PreparedRemoval): Promise<void> {
  const { bucket, deletes, prefix, markers } = prepared;
  const rest = deletes.slice(0, deletes.length - markers.length);
  const manifestLast = rest.at(-1) === prefix + MANIFEST ? 1 : 0;
  const objects = rest.slice(0, rest.length - manifestLast);
  if (objects.length) await bucket.delete(objects);
  if (manifestLast) await bucket.delete(rest.slice(-1));
  if (markers.length) await bucket.delete(markers);
}

/**
 * Carries a plan out in the order that keeps the live site whole if it stops midway: its upload
 * steps (assets, new pages, changed pages, lists of pages), then the manifest, then deletions.
 */
export async function executePublish(prepared: PreparedPublish, concurrency: number): Promise<void> {
  const { bucket, plan } = prepared;
  const limit = pLimit(concurrency);
  const manifest = () => bucket.put(prepared.manifestKey, Buffer.from(`${JSON.stringify(plan.manifest, null, 2)}\n`), JSON_HEADERS);
  // Its kind is marked before anything of it goes up: a publish of the other kind into the bucket meanwhile is refused.
  if (prepared.marker.missing) await bucket.put(prepared.marker.key, prepared.marker.body, JSON_HEADERS);
  // A new site's manifest goes up first: a site published beside it (the live site around a preview) then knows these keys are not its own.
  if (prepared.firstPublish) await manifest();
  const upload = (file: SiteFile) =>
    limit(async () => {
      const body = await readFile(path.join(prepared.dir, file.file));
      // A page's route (`about`) before its file (`about/index.html`): links lead to the route, and a page may link to itself.
      for (const key of [...file.keys].reverse()) await bucket.put(key, body, file);
    });
  for (const step of prepared.steps) {
    await Promise.all(step.map(upload)).catch((error: unknown) => {
      // Nothing more starts once one upload has failed; the next publish completes the rest.
      limit.clearQueue();
      throw error;
    });
  }
  if (prepared.manifestChanged && !prepared.firstPublish) await manifest();
  if (prepared.pages.changed) await bucket.put(prepared.pages.key, prepared.pages.body, JSON_HEADERS);
  if (plan.deletes.length) await bucket.delete(plan.deletes);
  if (prepared.staleMarkers.length) await bucket.delete(prepared.staleMarkers);
}
