import path from 'node:path';

/** A problem found in the content, with the place it points at. Errors are values. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  rule: string;
}

export function diagnostic(file: string, line: number, column: number, rule: string, message: string): Diagnostic {
  return { file, line, column, rule, message };
}

/** Sorts by file then position so that output is stable across runs. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message),
  );
}

/** The single place where diagnostics become text: `path:line:column  message`. */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const rel = path.relative(cwd, d.file) || d.file;
  return `${rel}:${d.line}:${d.column}  ${d.message}  [${d.rule}]`;
}

export function formatDiagnostics(list: readonly Diagnostic[], cwd = process.cwd()): string {
  const lines = sortDiagnostics(list).map((d) => formatDiagnostic(d, cwd));
  const files = new Set(list.map((d) => d.file)).size;
  lines.push(`${list.length} ${list.length === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}`);
  return lines.join('\n');
}

/** Thrown only to abort a build that has collected diagnostics. */
export class ContentError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(`${diagnostics.length} content error(s)`);
  }
}
