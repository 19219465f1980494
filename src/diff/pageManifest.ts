import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { z } from 'zod';
import { contentHash } from '../hash.ts';
import { sortedByKey } from '../text.ts';
import { buildModeSchema, outputMode, outputUnreleased, unreleasedSchema } from '../hosting/buildMode.ts';
import { keysOf } from '../hosting/keys.ts';
import { isHashedAsset } from '../hosting/policy.ts';
import { readRedirectRecord, redirectOfFile, redirectRecordSchema, type RedirectRecord } from '../hosting/redirects.ts';
import { routeForOutputPath } from '../routes/outputPath.ts';
import { unhashedAssetPath, withoutAssetHashes } from './assetNames.ts';
import { readTree } from '../fileTree.ts';

/**
 * What `sitegen diff` compares of a built site: each page by its route, each other file a reader
 * may fetch (the feed, the sitemap, images) by its path, and each hashed asset (the stylesheet,
 * scripts, data files) by its name without its hash, mapped to a hash of its bytes with asset
 * hashes taken out. A rename alone then changes nothing, and a new stylesheet shows as a
 * changed asset, not as every page that points at it. Redirects are listed by old address, with
 * where each leads.
 *
 * Version 3 added the drafts and scheduled pages (`unreleased`) and the redirects; the hashes are
 * those of version 2. A manifest with neither is written as version 2, byte for byte what
 * sitegens of version 2 wrote and read; one with either is version 3, which they refuse by its
 * version. Version 4 added `heldBack`, in the manifests publish puts in a bucket (`publishedManifest`).
 * This sitegen reads all three.
 */
export const PAGE_MANIFEST_VERSION = 4;
const READS_VERSIONS = [2, 3, PAGE_MANIFEST_VERSION] as const;

const hashes = z.record(z.string().startsWith('/'), z.string().min(1));

export const pageManifestSchema = z.strictObject({
  format: z.literal('sitegen-pages'),
  /** Raised whenever the hashes would come out different for the same site (a change of what is normalised), or a field is added that older sitegens would refuse. */
  version: z.union([z.literal(2), z.literal(3), z.literal(PAGE_MANIFEST_VERSION)]),
  pages: hashes,
  files: hashes,
  assets: hashes,
  /** The redirects by old address (absent for a site without any, or a manifest written before sitegen had them). */
  redirects: redirectRecordSchema.optional(),
  /** How the site was built, as its output's marker says (absent for an output made before outputs said so). */
  mode: buildModeSchema.optional(),
  /** Its drafts and scheduled pages, as its output's marker records them: in `pages` for a build with drafts, left out of a plain one. */
  unreleased: unreleasedSchema.optional(),
  /**
   * In a published manifest, the drafts and scheduled pages the site leaves out, each named only
   * by a digest of its route and release (`heldBackDigest`): enough to tell that a page is still
   * held back as it was, and nothing a reader of the bucket could learn an unannounced page from.
   */
  heldBack: z.array(z.string().min(1)).optional(),
});

export type PageManifest = z.infer<typeof pageManifestSchema>;

/** The name publish gives the manifest in the bucket, beside `.sitegen-publish.json`. */
export const PAGE_MANIFEST_KEY = '.sitegen-pages.json';

/** Why a folder or file cannot be compared: a usage error, said in one line. */
export class DiffInputError extends Error {}

/** The route of a built HTML file: `about/index.html` is `/about`, `404.html` is `/404.html`. */
function pageRoute(file: string): string | undefined {
  if (!file.endsWith('.html')) return undefined;
  return routeForOutputPath(file) ?? `/${file}`;
}

/** The redirects a built folder records; a damaged record is said in one line, as any input that cannot be compared. */
function recordedRedirects(dir: string): RedirectRecord {
  try {
    return readRedirectRecord(dir);
  } catch (error) {
    throw new DiffInputError((error as Error).message);
  }
}

/** The manifest of a built folder (or of the version its link points at, so a build finishing meanwhile cannot mix two sites). */
export async function manifestOfFolder(folder: string): Promise<PageManifest> {
  const dir = await realpath(folder);
  // A redirect's page is known by the build's record, and listed as the redirect it is, not as a page.
  const redirects = recordedRedirects(dir);
  const files = (await readTree(dir))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    // What publish leaves out (sitegen's dot files) is no part of the site.
    .filter((file) => keysOf(file).length && !redirectOfFile(redirects, file))
    .sort();
  const pages: Record<string, string> = {};
  const others: Record<string, string> = {};
  // Assets whose names differ only by hash (esbuild's chunks) share one entry: the hashes of all of them, in order.
  const assets = new Map<string, string[]>();
  const limit = pLimit(32);
  await Promise.all(
    files.map((file) =>
      limit(async () => {
        const hash = contentHash(withoutAssetHashes(await readFile(path.join(dir, file))), 22);
        const route = pageRoute(file);
        if (isHashedAsset(file)) {
          const name = unhashedAssetPath(`/${file}`);
          assets.set(name, [...(assets.get(name) ?? []), hash]);
        } else if (route) pages[route] = hash;
        else others[`/${file}`] = hash;
      }),
    ),
  );
  if (!Object.keys(pages).length) throw new DiffInputError(`${folder} holds no built page: run \`sitegen build\` first, or name a page manifest`);
  const assetHashes = Object.fromEntries([...assets].map(([name, list]) => [name, list.length === 1 ? list[0]! : contentHash(list.sort().join(' '), 22)]));
  const mode = outputMode(dir);
  const redirected = Object.keys(redirects).length ? { redirects: sortedByKey(redirects) } : undefined;
  const unreleased = outputUnreleased(dir);
  const drafts = Object.keys(unreleased).length ? { unreleased } : undefined;
  const version = drafts || redirected ? 3 : 2;
  return {
    format: 'sitegen-pages',
    version,
    pages: sortedByKey(pages),
    files: sortedByKey(others),
    assets: sortedByKey(assetHashes),
    ...redirected,
    ...(mode && { mode }),
    ...drafts,
  };
}

/** What a published manifest keeps of a page the site leaves out: its route and release, hashed together. */
export const heldBackDigest = (route: string, release: unknown) => contentHash(JSON.stringify([route, release]), 22);

/**
 * The manifest as publish puts it beside the site, where anyone may read it: the drafts and
 * scheduled pages the site publishes (a preview) stay as they are, and those it leaves out are
 * named only by their digests, sorted, so that no page the site does not show is named there.
 */
export function publishedManifest(manifest: PageManifest): PageManifest {
  const entries = Object.entries(manifest.unreleased ?? {});
  const shown = entries.filter(([route]) => Object.hasOwn(manifest.pages, route));
  const left = entries.filter(([route]) => !Object.hasOwn(manifest.pages, route));
  if (!left.length) return manifest;
  const published: PageManifest = {
    ...manifest,
    version: PAGE_MANIFEST_VERSION,
    heldBack: left.map(([route, release]) => heldBackDigest(route, release)).sort(),
  };
  if (shown.length) published.unreleased = Object.fromEntries(shown);
  else delete published.unreleased;
  return published;
}

/** The manifest as it is written to a file or a bucket. */
export function manifestText(manifest: PageManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A page manifest read from a JSON file, or refused with a line that says what it is not. */
export function parseManifest(text: string, name: string): PageManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DiffInputError(`${name} is neither a built site nor a page manifest (not JSON)`);
  }
  const result = pageManifestSchema.safeParse(data);
  if (result.success) return result.data;
  const { format, version } = (typeof data === 'object' && data !== null ? data : {}) as { format?: unknown; version?: unknown };
  if (format !== 'sitegen-pages')
    throw new DiffInputError(`${name} is neither a built site nor a page manifest (one is written by \`sitegen diff --manifest DIR\`)`);
  if (!READS_VERSIONS.some((known) => known === version))
    throw new DiffInputError(
      `${name} is a page manifest of version ${JSON.stringify(version)}, and this sitegen reads versions ${READS_VERSIONS.slice(0, -1).join(', ')} and ${READS_VERSIONS.at(-1)}: write it again with this sitegen`,
    );
  const issue = result.error.issues[0];
  throw new DiffInputError(`${name} is a damaged page manifest (${issue?.path.join('.')}: ${issue?.message})`);
}

/** What `sitegen diff` reads for one side: a built folder, or a manifest written from one. */
export async function readSide(location: string): Promise<PageManifest> {
  const info = await stat(location).catch(() => undefined);
  if (!info) throw new DiffInputError(`no folder or file ${path.resolve(location)}`);
  if (info.isDirectory()) return manifestOfFolder(location);
  return parseManifest(await readFile(location, 'utf8'), location);
}
