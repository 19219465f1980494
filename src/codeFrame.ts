/**
 * The lines of a file around a problem, kept with the problem (a Diagnostic's `excerpt`) so that
 * the terminal and the browser's overlay draw the same frame without reading the file again.
 */
export interface Excerpt {
  /** The number of the excerpt's first line (counting from 1). */
  line: number;
  text: string[];
  /**
   * How many columns the lines were moved left by cutting off their start (a `…` stands for what
   * was cut): a column of the file is shown at column minus `shift`. 0, or absent, when nothing was cut.
   */
  shift?: number;
}

/** Where in its file the frame points (a Diagnostic's place). */
export interface FramePlace {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** Lines either side of the problem's line that the frame shows. */
const AROUND = 1;
/**
 * The most characters of a line a frame shows: a longer one (a paragraph of markdown, minified
 * data) is cut to the part around the problem, so that a frame fits a terminal without wrapping.
 */
const MAX_WIDTH = 100;
/** Characters kept before the problem when the start of a long line is cut. */
const BEFORE = 30;

/**
 * The lines around `at` in `text`: its line and one either side (a blank neighbour is left out:
 * it says nothing), each long line cut to the same window around the problem's column.
 */
export function excerptOf(text: string, at: FramePlace): Excerpt {
  const lines = linesOf(text);
  let first = Math.max(1, at.line - AROUND);
  let last = Math.min(lines.length, at.line + AROUND);
  const blank = (n: number) => n !== at.line && !lines[n - 1]?.trim();
  while (first < at.line && blank(first)) first++;
  while (last > at.line && blank(last)) last--;
  const shown = lines.slice(first - 1, last);
  if (!shown.length) return { line: at.line, text: [] };
  const longest = Math.max(...shown.map((l) => l.length));
  // Lines are cut at their end while the whole problem shows before it; else the window starts a little before the problem.
  const end = at.endLine === at.line && at.endColumn !== undefined ? at.endColumn : at.column + 1;
  const start = longest > MAX_WIDTH && end - 1 > MAX_WIDTH ? Math.max(0, Math.min(at.column - 1 - BEFORE, longest - MAX_WIDTH)) : 0;
  const cut = (l: string) => {
    const head = start > 0 ? `…${l.slice(start, start + MAX_WIDTH)}` : l.slice(0, MAX_WIDTH);
    return l.length > start + MAX_WIDTH ? `${head}…` : head;
  };
  return { line: first, text: shown.map(cut), ...(start > 0 && { shift: start - 1 }) };
}

let lastSplit: { text: string; lines: string[] } | undefined;

/** A file's lines, kept for the file's next problem: a file of thousands of problems is split once, not once for each. */
function linesOf(text: string): string[] {
  // A file's last newline ends its last line: it starts no empty line to show.
  if (lastSplit?.text !== text) lastSplit = { text, lines: text.replace(/\r?\n$/, '').split(/\r?\n/) };
  return lastSplit.lines;
}

/**
 * The frame as lines of text: each line of the excerpt with its number, the problem's line
 * marked with `>`, and carets under the problem (from its column to its end on that line).
 * Tabs are shown as one space each so that the carets stay under the characters they point at.
 */
export function codeFrame(excerpt: Excerpt, at: FramePlace): string[] {
  const last = excerpt.line + excerpt.text.length - 1;
  const width = String(last).length;
  const shift = excerpt.shift ?? 0;
  const lines: string[] = [];
  excerpt.text.forEach((text, i) => {
    const number = excerpt.line + i;
    const shown = text.replace(/\t/g, ' ');
    lines.push(`${number === at.line ? '>' : ' '} ${String(number).padStart(width)} | ${shown}`);
    if (number !== at.line) return;
    const column = at.column - shift;
    const end = (at.endLine === at.line && at.endColumn !== undefined ? at.endColumn : at.column + 1) - shift;
    const carets = Math.max(1, Math.min(end, shown.length + 1) - column);
    lines.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}${'^'.repeat(carets)}`);
  });
  return lines;
}
