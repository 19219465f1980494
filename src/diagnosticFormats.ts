import path from 'node:path';
import { isError, sortDiagnostics, type Diagnostic } from './diagnostics.ts';

/** Colours for a terminal; the identity when the output is not one (see cli/colour.ts). */
export interface Paint {
  place(text: string): string;
  error(text: string): string;
  warning(text: string): string;
  dim(text: string): string;
}

export const noPaint: Paint = { place: (t) => t, error: (t) => t, warning: (t) => t, dim: (t) => t };

const shownPath = (file: string, dir: string) => path.relative(dir, file) || file;

/** The diagnostics with their files relative to `dir`: what a reader there (a terminal, a tool, the browser) is shown. */
export function relativeTo(list: readonly Diagnostic[], dir: string): Diagnostic[] {
  return list.map((d) => ({ ...d, file: shownPath(d.file, dir) }));
}

/** One problem as one line: `path:line:column  message  [rule]`, warnings marked as such. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd(), paint = noPaint): string {
  const label = d.severity === 'warning' ? `${paint.warning('warning:')} ` : '';
  return `${paint.place(`${shownPath(d.file, cwd)}:${d.line}:${d.column}`)}  ${label}${d.message}  ${paint.dim(`[${d.rule}]`)}`;
}

/**
 * The text for a terminal: one line per problem, then the counts. A hint is shown once, dimmed
 * under the first problem it applies to: repeated under each problem of a kind, hints would
 * bury the problems.
 */
export function formatDiagnostics(list: readonly Diagnostic[], cwd = process.cwd(), paint = noPaint): string {
  const hinted = new Set<string>();
  const lines = sortDiagnostics(list).flatMap((d) => {
    const line = formatDiagnostic(d, cwd, paint);
    if (hinted.has(d.hint)) return [line];
    hinted.add(d.hint);
    return [line, `    ${paint.dim(`hint: ${d.hint}`)}`];
  });
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

/** One JSON array for tools, every field always present (an end the source does not know is null). */
export function diagnosticsJson(list: readonly Diagnostic[], cwd = process.cwd()): string {
  const entries = relativeTo(sortDiagnostics(list), cwd).map((d) => ({
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine ?? null,
    endColumn: d.endColumn ?? null,
    severity: d.severity,
    rule: d.rule,
    message: d.message,
    hint: d.hint,
  }));
  return JSON.stringify(entries);
}

/** A way to print the problems of a run (`--format`). */
export interface DiagnosticFormat {
  /** Where the problems go. A format read by tools takes stdout, and the run's other lines move to stderr. */
  stream: 'stdout' | 'stderr';
  /** The problems of a run (none when it went well) as the text to print; '' prints nothing. */
  render(list: readonly Diagnostic[], cwd: string, paint: Paint): string;
}

export const FORMATS = {
  text: { stream: 'stderr', render: (list, cwd, paint) => (list.length ? formatDiagnostics(list, cwd, paint) : '') },
  json: { stream: 'stdout', render: (list, cwd) => diagnosticsJson(list, cwd) },
} satisfies Record<string, DiagnosticFormat>;

export type FormatName = keyof typeof FORMATS;
