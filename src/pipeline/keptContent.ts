import type { Paths } from '../config.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { KeptReads } from '../load/content.ts';
import { publicFiles, type PublicFile } from '../load/publicFiles.ts';
import { KeptPlan } from '../plan/keptPlan.ts';
import { KeptEntries } from '../validate/keptEntries.ts';
import { KeptLinkChecks } from '../validate/keptLinkChecks.ts';
import { checkPublic } from '../validate/publicFiles.ts';
import { KeptDocuments } from '../yaml/yamlSource.ts';

/**
 * What the read, validate and plan phases keep between a builder's builds (watch), by identity
 * wherever they can: a one-article edit reads, plans and checks one article. public/ is walked
 * and checked once per build, or once until it changes when the builder is told of its changes. YAML files read again
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
  private readonly toldOfPublicChanges: boolean;
  /** public/ as walked and checked: what it publishes, and its problems. */
  private publicState?: { files: PublicFile[]; diagnostics: Diagnostic[] };

  constructor({ toldOfPublicChanges = false, toldOfContentChanges = false }: { toldOfPublicChanges?: boolean; toldOfContentChanges?: boolean }) {
    this.markdown = new KeptReads(toldOfContentChanges);
    this.toldOfPublicChanges = toldOfPublicChanges;
    if (toldOfPublicChanges) this.linkChecks = new KeptLinkChecks();
  }

  /** A build starts: public/ is walked again, unless the builder is told of its changes. */
  buildStarts(): void {
    if (!this.toldOfPublicChanges) this.publicState = undefined;
  }

  /** public/ walked and checked once per build, or once until it changes when the builder is told of its changes. */
  publicContent(paths: Pick<Paths, 'public' | 'root'>): { files: PublicFile[]; diagnostics: Diagnostic[] } {
    if (this.publicState) return this.publicState;
    const walked = publicFiles(paths.public, paths.root);
    return (this.publicState = { files: walked.files, diagnostics: checkPublic(paths.public, walked) });
  }

  /** public/ as walked and checked, if it is kept. */
  publicEntries(): ReadonlyMap<string, unknown> {
    return new Map(this.publicState ? [['public/', this.publicState]] : []);
  }

  /** Content files changed since the last build (watch saw them): read again, whatever their stat says. */
  contentChanged(files: readonly string[]): void {
    for (const file of files) this.markdown.changed(file);
  }

  /** public/ changed: an image or file a link names may have come or gone. */
  publicChanged(): void {
    this.publicState = undefined;
    this.linkChecks?.forget();
  }
}
