/**
 * The lines of a file around a problem, kept with the problem (a Diagnostic's `excerpt`) so that
 * the terminal and the browser's overlay draw the same frame without reading the file again.
 */
export interface Excerpt {
  /** The number of the excerpt's first line (counting from 1). */
  line: number;
  text: string[];
}

/** Lines either side of the problem's line that the frame shows. */
const AROUND = 1;
/** A line longer than this is cut: a frame is for finding the place, not for reading minified data. */
const MAX_WIDTH = 160;

/** The lines around `line` of `text` (one either side). */
export function excerptOf(text: string, line: number): Excerpt {
  // A file's last newline ends its last line: it starts no empty line to show.
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  const first = Math.max(1, line - AROUND);
  return {
    line: first,
    text: lines.slice(first - 1, Math.min(lines.length, line + AROUND)).map((l) => (l.length > MAX_WIDTH ? `${l.slice(0, MAX_WIDTH)}…` : l)),
  };
}

/**
 * The frame as lines of text: each line of the excerpt with its number, the problem's line
 * marked with `>`, and carets under the problem (from its column to its end on that line).
 * Tabs are shown as one space each so that the carets stay under the characters they point at.
 */
export function codeFrame(excerpt: Excerpt, at: { line: number; column: number; endLine?: number; endColumn?: number }): string[] {
  const last = excerpt.line + excerpt.text.length - 1;
  const width = String(last).length;
  const lines: string[] = [];
  excerpt.text.forEach((text, i) => {
    const number = excerpt.line + i;
    const shown = text.replace(/\t/g, ' ');
    lines.push(`${number === at.line ? '>' : ' '} ${String(number).padStart(width)} | ${shown}`);
    if (number !== at.line) return;
    const end = at.endLine === at.line && at.endColumn !== undefined ? at.endColumn : at.column + 1;
    const carets = Math.max(1, Math.min(end, shown.length + 1) - at.column);
    lines.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, at.column - 1))}${'^'.repeat(carets)}`);
  });
  return lines;
}
