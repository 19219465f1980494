import { TooComplex } from './boundedInline.ts';

/**
 * The most headings a file may write underlined (a line of text, then `===` or `---`). At each
 * one the parser edits the events it has read so far, so its work grows with their count times
 * the file's length: 1,000 took half a second, 2,000 four seconds. Articles hold a few dozen
 * headings, written with `#`.
 */
export const MAX_UNDERLINED_HEADINGS = 500;

const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*\r?$/;

/**
 * The file refused before it is parsed when it underlines more headings than the bound, at the
 * first underline past it; undefined otherwise. The frontmatter is skipped; a line of `---` under
 * a list item counts too, which the bound, far above any real file, allows.
 */
export function tooManyUnderlinedHeadings(source: string): TooComplex | undefined {
  const lines = source.split('\n');
  const fence = /^---[ \t]*\r?$/;
  const body = fence.test(lines[0] ?? '') ? lines.findIndex((line, i) => i > 0 && fence.test(line)) + 2 : 1;
  let count = 0;
  for (let i = Math.max(body, 1); i < lines.length; i++) {
    if (!UNDERLINE.test(lines[i]!) || lines[i - 1]!.trim() === '') continue;
    if (++count <= MAX_UNDERLINED_HEADINGS) continue;
    const line = lines[i]!;
    const column = line.length - line.trimStart().length + 1;
    return new TooComplex(
      `this file underlines more than ${MAX_UNDERLINED_HEADINGS} headings (a line of text, then === or ---), and this is one past them: write headings with # instead`,
      { line: i + 1, column, endLine: i + 1, endColumn: line.trimEnd().length + 1 },
    );
  }
  return undefined;
}
