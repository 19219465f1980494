import { contentHash } from '../hash.ts';
import type { Collections } from '../model.ts';
import type { Entry } from '../validate/validateContent.ts';
import type { PageJob, PlannedPage } from './pagePlan.tsx';

/**
 * What the last plan made, for the next (watch): entries kept by identity (KeptEntries) keep
 * their pages, collections whose every summary is the same object stay the same object, and a
 * YAML page whose inputs are all the same keeps its pages and data files (the blog's thousand
 * list pages and search chunks). A one-article edit then plans that article's page and, if its
 * summary changed, the lists.
 */
export class KeptPlan {
  private lastCollections?: Collections;
  private collectionsHash?: { of: Collections; hash: string };
  private readonly entryPages = new WeakMap<Entry, { showing: string; page: PlannedPage }>();
  private readonly yamlPages = new Map<string, { inputs: readonly unknown[]; made: { jobs: PageJob[]; files: [string, string][] } }>();

  /** `made`, or the last build's collections when each holds the same summaries in the same order. */
  collections(made: Collections): Collections {
    const last = this.lastCollections;
    const same = last && Object.keys(made).length === Object.keys(last).length && Object.entries(made).every(([folder, list]) => sameItems(list, last[folder]));
    if (same) return last;
    this.lastCollections = made;
    return made;
  }

  /** A hash of the collections (every list shows them: part of every page's key), made again only when they are not the same object. */
  hashOf(collections: Collections): string {
    if (this.collectionsHash?.of !== collections) this.collectionsHash = { of: collections, hash: contentHash(JSON.stringify(collections), 20) };
    return this.collectionsHash.hash;
  }

  /** The entry's page as planned last time, when the entry and how pages are shown (`showing`) are the same. */
  entryPage(entry: Entry, showing: string, plan: (entry: Entry) => PlannedPage): PlannedPage {
    const hit = this.entryPages.get(entry);
    if (hit?.showing === showing) return hit.page;
    const page = plan(entry);
    this.entryPages.set(entry, { showing, page });
    return page;
  }

  /** A YAML file's pages and data files as made last time, when every one of `inputs` is the same (compared by identity). */
  yamlPage(file: string, inputs: readonly unknown[], make: () => { jobs: PageJob[]; files: [string, string][] }): { jobs: PageJob[]; files: [string, string][] } {
    const hit = this.yamlPages.get(file);
    if (hit && sameItems(hit.inputs, inputs)) return hit.made;
    const made = make();
    this.yamlPages.set(file, { inputs, made });
    return made;
  }
}

function sameItems(a: readonly unknown[], b: readonly unknown[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);
}
