import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { MarkdownFacts } from '../markdown/facts.ts';
import type { Collection, Release } from '../model.ts';

/** A valid markdown file of a collection, with the summary every page sees of it. */
export interface Entry {
  collection: Collection;
  doc: AnalysedMarkdown;
  summary: object;
  release: Release;
}

/**
 * A markdown file of a collection that has errors of its own. Links to it are still checked
 * against its route in the same run, as a draft or scheduled entry when its valid fields say so.
 */
export interface FailingEntry {
  collection: Collection;
  doc: AnalysedMarkdown;
  release: Release;
}

/** An entry is live from the start of its day; a draft never is (this sorts after every date). */
const NEVER = '\uffff';

/** Whether an entry is published on `today` (YYYY-MM-DD), a draft, or scheduled for a later day. */
export function releaseOf(collection: Collection, meta: unknown, today: string): Release {
  const publication = collection.publication?.(meta);
  if (!publication) return { status: 'published' };
  if (publication.draft) return { status: 'draft' };
  return publication.date > today ? { status: 'scheduled', date: publication.date } : { status: 'published' };
}

/** The first day a reader can see an entry ('' for one that is live, a sentinel after every date for a draft). */
export function liveFrom(release: Release): string {
  return release.status === 'published' ? '' : release.status === 'draft' ? NEVER : release.date;
}

/** What every page knows of a valid markdown file: its collection's summary of it, with its release on `today`. */
export function summaryOf(collection: Collection, facts: MarkdownFacts, today: string): { summary: object; release: Release } {
  if (!facts.meta) throw new Error(`${facts.file} has errors: it has no summary`);
  const release = releaseOf(collection, facts.meta, today);
  const summary = collection.summary({
    meta: facts.meta,
    slug: facts.slug,
    href: collection.route(facts.slug),
    words: facts.words,
    release,
    images: facts.imageSources,
  });
  return { summary, release };
}
