import type { Excerpt } from './codeFrame.ts';
import type { PageProblem } from './model.ts';
import { hintFor, type RuleId, type SiteRuleId } from './rules.ts';

/** How much a problem matters: an error stops the build, a warning is shown and the site is built. */
export type Severity = 'error' | 'warning';

/**
 * Where in a file a problem is: its first character (lines and columns count from 1) and, when
 * the source knows it, the end, just past its last character (as mdast and editors count).
 */
export interface Place {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The place of a problem with a whole file (its name, its encoding, a link in public/). */
export const FILE_START: Place = { line: 1, column: 1 };

/** Whether a problem is with its whole file (it is at FILE_START, with no end): there is no place in it to show. */
export const isWholeFile = (at: Place): boolean => at.line === FILE_START.line && at.column === FILE_START.column && at.endLine === undefined;

/** The place alone (callers pass references that carry more, such as a link's URL). */
const placeOf = ({ line, column, endLine, endColumn }: Place): Place =>
  endLine === undefined || endColumn === undefined ? { line, column } : { line, column, endLine, endColumn };

/** A problem found in the content, with the place it points at and what to do about it. Errors are values. */
export interface Diagnostic extends Place {
  file: string;
  message: string;
  rule: RuleId | SiteRuleId;
  /** What to do about it, from the rule catalogue (or the site's own rule). */
  hint: string;
  severity: Severity;
  /** Where a rule of the site's own checks is explained (the generator's rules are found by their id). */
  docs?: string;
  /** The lines around the place, for a code frame (`withExcerpts` adds them as the problems leave a build); none for a whole file. */
  excerpt?: Excerpt;
}

export function diagnostic(file: string, at: Place, rule: RuleId, message: string): Diagnostic {
  return { file, ...placeOf(at), rule, message, hint: hintFor(rule), severity: 'error' };
}

export function warning(file: string, at: Place, rule: RuleId, message: string): Diagnostic {
  return { file, ...placeOf(at), rule, message, hint: hintFor(rule), severity: 'warning' };
}

/**
 * A problem under one of the site's own rules (a schema's refinement, a page template's check):
 * its severity, hint and docs come from the rule's declaration (`withSiteRules`).
 */
export function siteDiagnostic(file: string, at: Place, rule: SiteRuleId, message: string): Diagnostic {
  return { file, ...placeOf(at), rule, message, hint: '', severity: 'error' };
}

/** A problem a page template's check found: `page/<its rule>`. */
export function templateDiagnostic(file: string, at: Place, problem: PageProblem): Diagnostic {
  return siteDiagnostic(file, at, `page/${problem.rule}`, problem.message);
}

export const isError = (d: Diagnostic) => d.severity === 'error';

/** Sorts by file then position so that output is stable across runs. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
}

/** Thrown only to abort a build that has collected diagnostics. */
export class ContentError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} content error(s)`);
  }
}
