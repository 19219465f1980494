import { contentHash } from '../hash.ts';
import type { Collection, Collections, FeedEntry } from '../model.ts';
import type { Entry } from '../validate/entries.ts';
import type { EntryPage, PageJob } from './plannedPages.ts';

/**
 * What the last plan made, for the next (watch): entries kept by identity (KeptEntries) keep
 * their pages, collections whose every summary is the same object stay the same object, and a
 * YAML page whose inputs are all the same keeps its pages and data files (the blog's thousand
 * list pages and search chunks). A one-article edit then plans that article's page and, if its
 * summary changed, the lists.
 */
export class KeptPlan {
  private lastCollections?: { made: unknown[]; collections: Collections };
  private collectionsHash?: { of: Collections; hash: string };
  private readonly entryPages = new WeakMap<Entry, { showing: string; collections: Collections; page: EntryPage }>();
  private readonly feedItems = new WeakMap<object, { collection: Collection; item: FeedEntry }>();
  private readonly yamlPages = new Map<string, { inputs: readonly unknown[]; made: { jobs: PageJob[]; files: [string, string][] } }>();

  /**
   * The last build's collections when the entries' collections and summaries are the same objects
   * in the same order (nothing to sort again); else those `make` makes, or the last build's still
   * when each holds the same summaries in the same order.
   */
  collections(entries: readonly Entry[], make: () => Collections): Collections {
    const from = entries.flatMap((entry) => [entry.collection, entry.summary]);
    const last = this.lastCollections;
    if (last && sameItems(from, last.made)) return last.collections;
    const made = make();
    const same =
      last &&
      Object.keys(made).length === Object.keys(last.collections).length &&
      Object.entries(made).every(([folder, list]) => sameItems(list, last.collections[folder]));
    const collections = same ? last.collections : made;
    this.lastCollections = { made: from, collections };
    return collections;
  }

  /** An entry's item of the feed, made once per summary and collection. */
  feedItem(entry: Entry, make: () => FeedEntry): FeedEntry {
    const hit = this.feedItems.get(entry.summary);
    if (hit?.collection === entry.collection) return hit.item;
    const item = make();
    this.feedItems.set(entry.summary, { collection: entry.collection, item });
    return item;
  }

  /** A hash of the collections (every list shows them: part of every page's key), made again only when they are not the same object. */
  hashOf(collections: Collections): string {
    if (this.collectionsHash?.of !== collections) this.collectionsHash = { of: collections, hash: contentHash(JSON.stringify(collections), 20) };
    return this.collectionsHash.hash;
  }

  /**
   * The entry's page as planned last time, when the entry and how pages are shown (`showing`) are
   * the same, and so are the collections if its page shows a part of them (which its inputs cover).
   */
  entryPage(entry: Entry, showing: string, collections: Collections, plan: (entry: Entry) => EntryPage): EntryPage {
    const hit = this.entryPages.get(entry);
    if (hit?.showing === showing && (!entry.collection.shows || hit.collections === collections)) return hit.page;
    const page = plan(entry);
    this.entryPages.set(entry, { showing, collections, page });
    return page;
  }

  /** A YAML file's pages and data files as made last time, when every one of `inputs` is the same (compared by identity). */
  yamlPage(
    file: string,
    inputs: readonly unknown[],
    make: () => { jobs: PageJob[]; files: [string, string][] },
  ): { jobs: PageJob[]; files: [string, string][] } {
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
