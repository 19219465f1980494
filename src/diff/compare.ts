import { sameMode, type BuildMode } from '../hosting/buildMode.ts';
import type { PageManifest } from './pageManifest.ts';

/** How one group of a site (its pages, or its other files) changed, each list in path order. */
export interface GroupChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** What a change did to a site: its pages by route, the other files readers fetch by path, and its hashed assets by name without hash. */
export interface SiteDiff {
  pages: GroupChanges;
  files: GroupChanges;
  assets: GroupChanges;
  /** Present when the two sides say how they were built and were built differently (a preview against the live site): many changes then come from that. */
  modes?: { before: BuildMode; after: BuildMode };
}

function compareGroup(before: Record<string, string>, after: Record<string, string>): GroupChanges {
  const has = (record: Record<string, string>, key: string) => Object.hasOwn(record, key);
  const added = Object.keys(after).filter((key) => !has(before, key));
  const changed = Object.keys(after).filter((key) => has(before, key) && before[key] !== after[key]);
  const removed = Object.keys(before).filter((key) => !has(after, key));
  return { added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}

export function compareSites(before: PageManifest, after: PageManifest): SiteDiff {
  const modes = before.mode && after.mode && !sameMode(before.mode, after.mode) ? { modes: { before: before.mode, after: after.mode } } : {};
  return { pages: compareGroup(before.pages, after.pages), files: compareGroup(before.files, after.files), assets: compareGroup(before.assets, after.assets), ...modes };
}

export function groupSize(group: GroupChanges): number {
  return group.added.length + group.changed.length + group.removed.length;
}
