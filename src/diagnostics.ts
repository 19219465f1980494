import path from 'node:path';
import type { PageProblem } from './model.ts';
import { hintFor, TEMPLATE_HINT, type RuleId, type TemplateRule } from './rules.ts';

/** How much a problem matters: an error stops the build, a warning is shown and the site is built. */
export type Severity = 'error' | 'warning';

/** A problem found in the content, with the place it points at and what to do about it. Errors are values. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  rule: RuleId | TemplateRule;
  /** What to do about it, from the rule catalogue (or the page template whose check found it). */
  hint: string;
  severity: Severity;
}

export function diagnostic(file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic {
  return { file, line, column, rule, message, hint: hintFor(rule), severity: 'error' };
}

export function warning(file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic {
  return { file, line, column, rule, message, hint: hintFor(rule), severity: 'warning' };
}

/** A problem a page template's own check found: `page/<its rule>`, with its hint when it gives one. */
export function templateDiagnostic(file: string, line: number, column: number, problem: PageProblem): Diagnostic {
  return { file, line, column, rule: `page/${problem.rule}`, message: problem.message, hint: problem.hint ?? TEMPLATE_HINT, severity: 'error' };
}

export const isError = (d: Diagnostic) => d.severity === 'error';

/** Sorts by file then position so that output is stable across runs. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message),
  );
}

/** Colours for a terminal; the identity when the output is not one (see cli/colour.ts). */
export interface Paint {
  place(text: string): string;
  error(text: string): string;
  warning(text: string): string;
  dim(text: string): string;
}

export const noPaint: Paint = { place: (t) => t, error: (t) => t, warning: (t) => t, dim: (t) => t };

/** The single place where diagnostics become text: `path:line:column  message  [rule]`, warnings marked as such. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd(), paint = noPaint): string {
  const rel = path.relative(cwd, d.file) || d.file;
  const label = d.severity === 'warning' ? `${paint.warning('warning:')} ` : '';
  return `${paint.place(`${rel}:${d.line}:${d.column}`)}  ${label}${d.message}  ${paint.dim(`[${d.rule}]`)}`;
}

export function formatDiagnostics(list: readonly Diagnostic[], cwd = process.cwd(), paint = noPaint): string {
  const lines = sortDiagnostics(list).map((d) => formatDiagnostic(d, cwd, paint));
  const errors = list.filter(isError).length;
  const warnings = list.length - errors;
  const files = new Set(list.map((d) => d.file)).size;
  const counts = [
    errors || !warnings ? paint.error(`${errors} ${errors === 1 ? 'error' : 'errors'}`) : '',
    warnings ? paint.warning(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`) : '',
  ].filter(Boolean);
  lines.push(`${counts.join(' and ')} in ${files} ${files === 1 ? 'file' : 'files'}`);
  return lines.join('\n');
}

/** Thrown only to abort a build that has collected diagnostics. */
export class ContentError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} content error(s)`);
  }
}
