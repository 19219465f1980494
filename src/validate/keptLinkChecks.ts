import type { Diagnostic } from '../diagnostics.ts';

/**
 * The link and image checks of each content file at the last build (watch), by its analysis or
 * its YAML source: a file whose analysis or source is kept (the same object), checked against the
 * same routes, headings, releases and redirects, has the same problems. public/ is not in that
 * key: the builder forgets every check when it is told public/ changed, and keeps none when it is
 * not told of public/'s changes.
 */
export class KeptLinkChecks {
  private kept = new WeakMap<object, { key: readonly unknown[]; found: Diagnostic[] }>();
  private targets?: string;

  /** What every check is made against this time (see linkTargetsKey): when it changed, no check is kept. */
  checkingAgainst(targets: string): void {
    if (targets !== this.targets) this.forget();
    this.targets = targets;
  }

  /**
   * The file's problems as found last time, when its analysis or source is the same object and
   * each part of `key` (its own route, its release or its schema) is the same.
   */
  of(file: object, key: readonly unknown[], check: () => Diagnostic[]): Diagnostic[] {
    const hit = this.kept.get(file);
    if (hit && hit.key.length === key.length && hit.key.every((part, i) => part === key[i])) return hit.found;
    const found = check();
    this.kept.set(file, { key, found });
    return found;
  }

  /** Forgets every check (public/ changed: an image or file a link names may have come or gone). */
  forget(): void {
    this.kept = new WeakMap();
    this.targets = undefined;
  }
}
