import { isHashedAsset } from '../hosting/policy.ts';
import type { SiteFile } from './siteObjects.ts';

/** An object as the bucket lists it. */
export interface RemoteObject {
  key: string;
  etag: string;
  size: number;
}

/**
 * What the bucket remembers between publishes: when each hashed asset left the build. Pages
 * cached by browsers and CDNs may still ask for those assets, so they are kept for a while.
 */
export interface PublishManifest {
  retired: Record<string, string>;
  /**
   * The prefix of the site this one was first published among the objects of (`--overlap-sites`):
   * the objects under its prefix are then not all its own, so its stale ones are never deleted.
   */
  insideSite?: string;
}

export interface PlanOptions {
  prefix: string;
  /** Remove stale objects (pages at once, hashed assets once retired for `assetRetentionMs`). */
  delete: boolean;
  assetRetentionMs: number;
  /** Upload every file, whatever the bucket holds (after a change of header rules). */
  force: boolean;
  now: Date;
}

export interface PublishPlan {
  /** Files to upload, hashed assets and images first, pages and page lists last. */
  uploads: SiteFile[];
  /** The uploads that add a key the bucket lacks (a new page): pages that link to them must wait for them. */
  added: Set<SiteFile>;
  unchanged: number;
  /** Stale keys to delete, after every upload succeeded. */
  deletes: string[];
  /** Stale keys left in place: without --delete, or hashed assets still within retention. */
  kept: string[];
  uploadBytes: number;
  manifest: PublishManifest;
}

const PHASE_ORDER = { assets: 0, pages: 1, lists: 2 } as const;

/** Compares the built files with the bucket: a file goes up only when a key lacks its bytes. */
export function planPublish(files: SiteFile[], remote: RemoteObject[], previous: PublishManifest, options: PlanOptions): PublishPlan {
  const inBucket = new Map(remote.map((o) => [o.key, o]));
  const uploads: SiteFile[] = [];
  const added = new Set<SiteFile>();
  let unchanged = 0;
  for (const file of files) {
    const current = file.keys.every((key) => {
      const object = inBucket.get(key);
      return object !== undefined && object.size === file.size && file.etags.includes(object.etag);
    });
    if (current && !options.force) unchanged++;
    else uploads.push(file);
    if (!file.keys.every((key) => inBucket.has(key))) added.add(file);
  }
  uploads.sort((a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase]);

  const wanted = new Set(files.flatMap((f) => f.keys));
  const deletes: string[] = [];
  const kept: string[] = [];
  const retired: Record<string, string> = {};
  for (const { key } of remote) {
    if (wanted.has(key)) continue;
    const asset = isHashedAsset(key.slice(options.prefix.length));
    const since = previous.retired[key] ?? options.now.toISOString();
    if (asset) retired[key] = since;
    const expired = !asset || options.now.getTime() - Date.parse(since) >= options.assetRetentionMs;
    if (options.delete && expired) {
      deletes.push(key);
      delete retired[key];
    } else {
      kept.push(key);
    }
  }
  const uploadBytes = uploads.reduce((sum, f) => sum + f.size * f.keys.length, 0);
  return { uploads, added, unchanged, deletes: deletes.sort(), kept: kept.sort(), uploadBytes, manifest: { retired } };
}
