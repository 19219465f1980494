import { sameMode, type BuildMode, type UnreleasedPages } from '../hosting/buildMode.ts';
import type { RedirectRecord } from '../hosting/redirects.ts';
import { kindOf, type FileKind } from './fileKinds.ts';
import { heldBackDigest, type PageManifest } from './pageManifest.ts';

/** How one group of a site (its pages, or its other files) changed, each list in path order. */
export interface GroupChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** One redirect: its old address, where it leads and with which status. */
export interface RedirectLine {
  from: string;
  location: string;
  status: number;
  /** Of a changed redirect: where it led before. */
  was?: { location: string; status: number };
}

/** How the redirects changed, each list by old address. */
export interface RedirectChanges {
  added: RedirectLine[];
  changed: RedirectLine[];
  removed: RedirectLine[];
}

/** What a change did to a site: its pages by route, the other files readers fetch by path, its hashed assets by name without hash, and its redirects by old address. */
export interface SiteDiff {
  pages: GroupChanges;
  files: GroupChanges;
  assets: GroupChanges;
  /** Present when a redirect was added, changed or removed. */
  redirects?: RedirectChanges;
  /** The kind of every path listed above, by group (a public/ file may have a page's route). */
  kinds: Record<Group, Record<string, FileKind>>;
  /** The drafts and scheduled pages among those listed and `unpublished`: as the new side records them, or the old side for a removed page. */
  unreleased: UnreleasedPages;
  /** Drafts and scheduled pages the new side, a plain build, leaves out that the old side did not leave out alike: only a preview with drafts shows them. */
  unpublished: string[];
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

function compareRedirects(before: RedirectRecord = {}, after: RedirectRecord = {}): RedirectChanges {
  const group = compareGroup(
    Object.fromEntries(Object.entries(before).map(([from, r]) => [from, `${r.status} ${r.location}`])),
    Object.fromEntries(Object.entries(after).map(([from, r]) => [from, `${r.status} ${r.location}`])),
  );
  const line = (record: RedirectRecord, from: string): RedirectLine => ({ from, ...record[from]! });
  return {
    added: group.added.map((from) => line(after, from)),
    changed: group.changed.map((from) => ({ ...line(after, from), was: before[from]! })),
    removed: group.removed.map((from) => line(before, from)),
  };
}

type Group = 'pages' | 'files' | 'assets';
const GROUPS = ['pages', 'files', 'assets'] as const satisfies Group[];

const listed = (group: GroupChanges) => [...group.added, ...group.changed, ...group.removed];

export function compareSites(before: PageManifest, after: PageManifest): SiteDiff {
  const modes = before.mode && after.mode && !sameMode(before.mode, after.mode) ? { modes: { before: before.mode, after: after.mode } } : {};
  const groups = {
    pages: compareGroup(before.pages, after.pages),
    files: compareGroup(before.files, after.files),
    assets: compareGroup(before.assets, after.assets),
  };
  const kinds = Object.fromEntries(
    GROUPS.map((group) => [group, Object.fromEntries(listed(groups[group]).map((sitePath) => [sitePath, kindOf(sitePath, group)]))]),
  ) as SiteDiff['kinds'];
  const [old, now] = [before.unreleased ?? {}, after.unreleased ?? {}];
  const heldBack = (side: PageManifest, route: string) => Object.hasOwn(side.unreleased ?? {}, route) && !Object.hasOwn(side.pages, route);
  // Held back on the old side with the same release: said in full by a local manifest, by its digest in a published one.
  const heldBackAlike = (route: string) =>
    !Object.hasOwn(before.pages, route) &&
    (heldBack(before, route)
      ? JSON.stringify(old[route]) === JSON.stringify(now[route])
      : Boolean(before.heldBack?.includes(heldBackDigest(route, now[route]))));
  const unpublished = Object.keys(now).filter((route) => heldBack(after, route) && !heldBackAlike(route));
  const marked = [...listed(groups.pages), ...unpublished].flatMap((route) => {
    const release = Object.hasOwn(after.pages, route) || unpublished.includes(route) ? now[route] : old[route];
    return release ? [[route, release] as const] : [];
  });
  const redirects = compareRedirects(before.redirects, after.redirects);
  return { ...groups, kinds, ...(groupSize(redirects) && { redirects }), unreleased: Object.fromEntries(marked), unpublished: unpublished.sort(), ...modes };
}

export function groupSize(group: GroupChanges | RedirectChanges): number {
  return group.added.length + group.changed.length + group.removed.length;
}
