import type { BuildMode } from '../hosting/buildMode.ts';
import type { Bucket } from './bucket.ts';

/**
 * What a published site is to its readers: the live site, or a preview (a build with drafts,
 * marked and kept from search engines). The two never share a bucket: a bucket is one origin,
 * so a preview's drafts would answer on the live host, and its pages run with the live site's
 * cookies and storage.
 */
export type SiteKind = 'live' | 'preview';

export const siteKind = (mode: BuildMode): SiteKind => (mode.drafts ? 'preview' : 'live');

/**
 * Where each published site is marked with its kind, one small object per site, so that one
 * listing tells every site a bucket holds: `.sitegen-sites/.live` for the site at the root,
 * `.sitegen-sites/pr-42/.preview` for a preview at `pr-42/`. A prefix never starts with a dot,
 * so no site is ever published inside it, and the marker's name is never a prefix's segment.
 */
export const SITES_FOLDER = '.sitegen-sites/';

export const kindMarkerKey = (prefix: string, kind: SiteKind) => `${SITES_FOLDER}${prefix}.${kind}`;

const MARKER = /^(.*?)\.(live|preview)$/;

/** The sites the markers of a listing name: prefix → kinds (two when a publish with the override changed a prefix's kind). */
export function markedSites(keys: string[]): Map<string, SiteKind[]> {
  const sites = new Map<string, SiteKind[]>();
  for (const key of keys) {
    if (!key.startsWith(SITES_FOLDER)) continue;
    const match = MARKER.exec(key.slice(SITES_FOLDER.length));
    if (!match || !(match[1] === '' || match[1]!.endsWith('/'))) continue;
    sites.set(match[1]!, [...(sites.get(match[1]!) ?? []), match[2] as SiteKind]);
  }
  return sites;
}

/**
 * The kind of a site published before sites were marked, from the mode its page manifest
 * records; a site at the root is the live one whatever it records (a drafts build was never
 * published there). Undefined when nothing says.
 */
async function inferredKind(bucket: Bucket, prefix: string, pagesKey: string): Promise<SiteKind | undefined> {
  if (prefix === '') return 'live';
  const mode = await bucket.readPageMode(prefix + pagesKey);
  return mode && siteKind(mode);
}

/** The prefixes around `previews/pr-42/`: `previews/` and the root. */
export function prefixesAround(prefix: string): string[] {
  const segments = prefix.split('/').slice(0, -1);
  return segments.map((_, n) =>
    segments
      .slice(0, n)
      .map((s) => `${s}/`)
      .join(''),
  );
}

export interface KnownSites {
  /** Every site known in the bucket, by prefix, with its kinds. */
  sites: Map<string, SiteKind[]>;
  /** The marker keys the listing of `SITES_FOLDER` found. */
  markers: Set<string>;
}

/**
 * Every site of the bucket publish can know of cheaply: those its markers name (one listing),
 * and, for sites published before markers, those a publish at `prefix` meets: the site at the
 * prefix itself, sites inside it (found by the listing the publish makes anyway) and sites
 * around it (a HEAD of the manifest at each prefix around it), each with the kind its page
 * manifest records.
 */
export async function knownSites(
  bucket: Bucket,
  prefix: string,
  markerKeys: string[],
  unmarked: { here: boolean; inside: string[]; manifest: string; pages: string },
): Promise<KnownSites> {
  const sites = markedSites(markerKeys);
  const around = await Promise.all(
    prefixesAround(prefix)
      .filter((p) => !sites.has(p))
      .map(async (p) => ((await bucket.exists(p + unmarked.manifest)) ? p : undefined)),
  );
  const candidates = [...(unmarked.here ? [prefix] : []), ...unmarked.inside, ...around.filter((p) => p !== undefined)].filter((p) => !sites.has(p));
  const kinds = await Promise.all(candidates.map((p) => inferredKind(bucket, p, unmarked.pages)));
  candidates.forEach((p, i) => {
    const kind = kinds[i];
    if (kind) sites.set(p, [kind]);
  });
  return { sites, markers: new Set(markerKeys) };
}

/** The prefixes of the sites of another kind than `kind`: where publishing it would put a preview and the live site in one origin. */
export function otherKindSites(known: KnownSites, kind: SiteKind): string[] {
  return [...known.sites]
    .filter(([, kinds]) => kinds.some((k) => k !== kind))
    .map(([prefix]) => prefix)
    .sort();
}
