import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { Collection } from '../model.ts';
import { summaryOf, type Entry } from './entries.ts';

/**
 * The entries of the last build, by their analysis (watch): an analysis kept unchanged, in the
 * same collection on the same day, gives the very same entry object. What is planned and checked
 * from an entry can then be kept by identity, so a one-article edit plans and checks one article.
 */
export class KeptEntries {
  private readonly kept = new WeakMap<AnalysedMarkdown, { collection: Collection; today: string; entry: Entry }>();
  /** Each file's last summary, as JSON: an edit of a body that leaves the summary as it was keeps the summary object, and so the lists. */
  private readonly summaries = new Map<string, { json: string; summary: object }>();

  entry(collection: Collection, doc: AnalysedMarkdown, today: string): Entry {
    const hit = this.kept.get(doc);
    if (hit && hit.collection === collection && hit.today === today) return hit.entry;
    const made = summaryOf(collection, doc.facts, today);
    const json = JSON.stringify(made.summary);
    const last = this.summaries.get(doc.facts.file);
    const summary = last?.json === json ? last.summary : made.summary;
    this.summaries.set(doc.facts.file, { json, summary });
    const entry = { collection, doc, summary, release: made.release };
    this.kept.set(doc, { collection, today, entry });
    return entry;
  }

  /** Forgets the files a build no longer has (deleted or renamed). */
  forgetAllBut(files: ReadonlySet<string>): void {
    for (const file of this.summaries.keys()) if (!files.has(file)) this.summaries.delete(file);
  }
}
