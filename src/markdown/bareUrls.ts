import type { Place } from '../diagnostics.ts';

/** An address as GFM would have linked it: a scheme, then everything up to a space or a `<`. */
const URL = /\bhttps?:\/\/[^\s<]+/gi;
/** What ends a sentence or a quote is not part of an address written at its end. */
const TRAILING = new Set('.,:;!?\'"*_~');

/**
 * The http(s) addresses written as plain text in a text node, each with its place in the source.
 * Autolinks are off (see gfmWithoutAutolinks.ts), so such an address is shown as text, not a link.
 * `written` is the node's source, which starts at `start`; an address is looked for in it as
 * written, and one that its source writes otherwise (with escapes) is placed at the node's start.
 */
export function bareUrls(value: string, written: string, start: Place): { url: string; at: Place }[] {
  if (!value.includes('://')) return [];
  const found: { url: string; at: Place }[] = [];
  // Where the last address ended in `written`, and the line and column there: counted once, however many addresses.
  let from = 0;
  let line = start.line;
  let column = start.column;
  for (const match of value.matchAll(URL)) {
    const url = trimmed(match[0]);
    const index = written.indexOf(url, from);
    if (index < 0) {
      found.push({ url, at: { line: start.line, column: start.column } });
      continue;
    }
    for (let i = from; i < index; i++) {
      if (written[i] === '\n') {
        line++;
        column = 1;
      } else column++;
    }
    found.push({ url, at: { line, column, endLine: line, endColumn: column + url.length } });
    from = index + url.length;
    column += url.length;
  }
  return found;
}

/** The address without the punctuation after it, nor a closing parenthesis it does not open (as in "(see https://example.com)"). */
function trimmed(url: string): string {
  let open = 0;
  let close = 0;
  for (const c of url) {
    if (c === '(') open++;
    else if (c === ')') close++;
  }
  let end = url.length;
  while (end > 0) {
    const c = url[end - 1]!;
    if (TRAILING.has(c)) end--;
    else if (c === ')' && open < close) {
      end--;
      close--;
    } else break;
  }
  return url.slice(0, end);
}
