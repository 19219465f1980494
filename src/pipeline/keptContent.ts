import { KeptReads } from '../load/content.ts';
import { KeptPlan } from '../plan/keptPlan.ts';
import { KeptEntries } from '../validate/keptEntries.ts';
import { KeptLinkChecks } from '../validate/keptLinkChecks.ts';
import { KeptDocuments } from '../yaml/yamlSource.ts';

/**
 * What the read, validate and plan phases keep between a builder's builds (watch), by identity
 * wherever they can: a one-article edit reads, plans and checks one article. YAML files read again
 * with the same text are not parsed again; markdown files are not read again while their stat is
 * unchanged (or, told of every change, until they are named); an unchanged analysis keeps its
 * entry, its page and its checks.
 */
export class KeptContent {
  readonly yaml = new KeptDocuments();
  readonly markdown: KeptReads;
  readonly entries = new KeptEntries();
  readonly plan = new KeptPlan();
  /** Link checks are kept only by a builder told of public/'s changes: a link to a file of public/ may break without one. */
  readonly linkChecks?: KeptLinkChecks;

  constructor({ toldOfPublicChanges = false, toldOfContentChanges = false }: { toldOfPublicChanges?: boolean; toldOfContentChanges?: boolean }) {
    this.markdown = new KeptReads(toldOfContentChanges);
    if (toldOfPublicChanges) this.linkChecks = new KeptLinkChecks();
  }

  /** Content files changed since the last build (watch saw them): read again, whatever their stat says. */
  contentChanged(files: readonly string[]): void {
    for (const file of files) this.markdown.changed(file);
  }

  /** public/ changed: an image or file a link names may have come or gone. */
  publicChanged(): void {
    this.linkChecks?.forget();
  }
}
