import { compareSites } from '../diff/compare.ts';
import { DIFF_FORMATS, type DiffFormatName } from '../diff/diffFormats.ts';
import { DiffInputError, manifestOfFolder, manifestText, readSide, type PageManifest } from '../diff/pageManifest.ts';
import { describeError } from '../publish/describeError.ts';
import { isBucketLocation, parseBucketLocation, readPublishedPages } from '../publish/publishedPages.ts';
import { EXIT } from './report.ts';

export interface DiffCommandOptions {
  format: DiffFormatName;
  previewUrl?: string;
  /** Print the page manifest of this built folder instead of comparing. */
  manifest?: string;
  /** Where an `s3://` side's bucket is: as publish's options. */
  endpoint?: string;
  region?: string;
}

/** Stops `sitegen diff` with exit 3: the bucket of an `s3://` side could not be read. */
class BucketUnreadable extends Error {}

/**
 * One side as a manifest: a built folder, a page manifest file, or the site published at
 * `s3://BUCKET/PREFIX/`, which is empty, and said to be, before its first publish.
 */
async function manifestOfSide(side: string, options: DiffCommandOptions): Promise<PageManifest> {
  if (!isBucketLocation(side)) return readSide(side);
  const site = parseBucketLocation(side);
  if ('problem' in site) throw new DiffInputError(site.problem);
  try {
    const { manifest, found } = await readPublishedPages(site, options);
    if (!found) process.stderr.write(`sitegen diff: ${side} has no page manifest: nothing was published there yet, so every page counts as added\n`);
    return manifest;
  } catch (error) {
    if (error instanceof DiffInputError) throw error;
    throw new BucketUnreadable(describeError(error, { bucket: site.bucket, endpoint: options.endpoint }), { cause: error });
  }
}

/** `sitegen diff OLD NEW`: the pages and files a change adds, changes and removes. Differences are no failure: exit 0 either way. */
export async function diffCommand(sides: string[], options: DiffCommandOptions): Promise<number> {
  const usage = (line: string) => {
    process.stderr.write(`sitegen diff: ${line}\n`);
    return EXIT.usage;
  };
  if (options.manifest !== undefined && sides.length) return usage("--manifest DIR prints one folder's manifest: name no OLD or NEW with it");
  if (options.manifest === undefined && sides.length !== 2)
    return usage('name the site before and the site after: sitegen diff OLD NEW (built folders or page manifests)');
  try {
    if (options.manifest !== undefined) {
      process.stdout.write(manifestText(await manifestOfFolder(options.manifest)));
      return EXIT.ok;
    }
    const [before, after] = await Promise.all(sides.map((side) => manifestOfSide(side, options)));
    process.stdout.write(DIFF_FORMATS[options.format](compareSites(before!, after!), { previewUrl: options.previewUrl }));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DiffInputError) return usage(error.message);
    if (error instanceof BucketUnreadable) {
      process.stderr.write(`sitegen diff: ${error.message}\n`);
      return EXIT.publish;
    }
    throw error;
  }
}
