import { GetObjectCommand } from '@aws-sdk/client-s3';
import { PAGE_MANIFEST_KEY, PAGE_MANIFEST_VERSION, parseManifest, type PageManifest } from '../diff/pageManifest.ts';
import { Bucket, type BucketOptions } from './bucket.ts';
import { parsePrefix } from './prefix.ts';

/** Where a site is published, as `sitegen diff` names it: `s3://BUCKET/PREFIX/` (the prefix left out for the bucket root). */
export interface PublishedSite {
  bucket: string;
  /** '' or segments ending in `/`, as `--prefix` is read. */
  prefix: string;
}

export const isBucketLocation = (side: string): boolean => side.startsWith('s3://');

/** `s3://BUCKET[/PREFIX]` read, or why it names no published site. */
export function parseBucketLocation(side: string): PublishedSite | { problem: string } {
  const [bucket = '', ...rest] = side.slice('s3://'.length).split('/');
  if (!bucket)
    return { problem: `${side} names no bucket: write s3://BUCKET for the site at its root, or s3://BUCKET/PREFIX/ for one published with --prefix` };
  const written = rest.join('/');
  const parsed = parsePrefix(written === '' ? undefined : written);
  if ('problem' in parsed) return { problem: `the prefix of ${side} ${parsed.problem}` };
  return { bucket, prefix: parsed.prefix };
}

/** A site with no page at all: what a bucket holds before its first publish. */
const NOTHING_PUBLISHED: PageManifest = { format: 'sitegen-pages', version: PAGE_MANIFEST_VERSION, pages: {}, files: {}, assets: {} };

/**
 * The page manifest publish keeps beside the site at `site.prefix`, read straight from the bucket
 * (so a pull request compares with what visitors see, with the credentials it publishes with).
 * Where no publish has written one yet, the site there is empty, and `found` says so: compared
 * with it, every page of a build is added.
 */
export async function readPublishedPages(site: PublishedSite, options: Omit<BucketOptions, 'bucket'>): Promise<{ manifest: PageManifest; found: boolean }> {
  const bucket = new Bucket({ ...options, bucket: site.bucket });
  const key = site.prefix + PAGE_MANIFEST_KEY;
  try {
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: site.bucket, Key: key }));
    return { manifest: parseManifest((await object.Body?.transformToString()) ?? '', `s3://${site.bucket}/${key}`), found: true };
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return { manifest: NOTHING_PUBLISHED, found: false };
    throw error;
  }
}
