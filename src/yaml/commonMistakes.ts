/**
 * The two YAML mistakes editors make most, recognised in the text around the parser's first
 * error and said in plain words at the place of the mistake: a value holding `: ` without quotes
 * (`title: Value Banks: Tracking`), and a key indented otherwise than its neighbours. The parser
 * reports either as several errors in its own words ("Nested mappings are not allowed in compact
 * mappings"), none of them where the slip is; this is one error, the caret on it. A tab in the
 * indentation is said as such.
 */
export interface PlainMistake {
  /** 1-based, in the text given. */
  line: number;
  column: number;
  message: string;
}

/** How far from the parser's first error a mistake is looked for: the parser stumbles on or just around it. */
const NEAR = { before: 1, after: 2 };

export function commonMistake(text: string, errorLine: number): PlainMistake | undefined {
  const lines = text.split(/\r?\n/);
  return tabIndent(lines[errorLine - 1], errorLine) ?? unquotedColon(lines[errorLine - 1], errorLine) ?? wrongIndent(lines, errorLine);
}

/** A tab in a line's indentation: YAML indents with spaces alone, and editors show a tab as any width. */
function tabIndent(line: string | undefined, lineNo: number): PlainMistake | undefined {
  const indent = /^[ \t]*/.exec(line ?? '')![0];
  const tab = indent.indexOf('\t');
  if (tab < 0) return undefined;
  const key = /^([^:]+?):(\s|$)/.exec(line!.trim())?.[1];
  return { line: lineNo, column: tab + 1, message: `${key ? `"${key}" is` : 'this line is'} indented with a tab: YAML indents with spaces only` };
}

/** `key: text: more`: a plain value with `: ` in it, which YAML reads as a mapping inside the value. */
function unquotedColon(line: string | undefined, lineNo: number): PlainMistake | undefined {
  const match = /^(\s*(?:- +)?)([^\s:#'"[{][^:#]*?):[ \t]+([^'"[{|>&*!#\s].*?)[ \t]*$/.exec(line ?? '');
  if (!match) return undefined;
  const [, lead = '', key = '', value = ''] = match;
  const inner = value.search(/:(\s|$)/);
  if (inner < 0) return undefined;
  const valueAt = line!.indexOf(value, lead.length + key.length + 1);
  return {
    line: lineNo,
    column: valueAt + inner + 1,
    message: `the value of "${key}" holds ": ", which YAML reads as the start of another key: put the whole value in quotes, ${key}: ${JSON.stringify(value)}`,
  };
}

interface ContentLine {
  /** 0-based. */
  index: number;
  indent: number;
  /** The key the line sets, or the item it starts (`-`). */
  key: string;
  /** Whether the lines under it, more indented, belong to it: a key with no value on its line, or an item. */
  opens: boolean;
}

/** The lines that set keys or start items, with their indentation; comments, blank lines and block scalars (`|`, `>`) left out. */
function contentLines(lines: readonly string[]): ContentLine[] {
  const found: ContentLine[] = [];
  let scalarAbove: number | undefined;
  for (const [index, line] of lines.entries()) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (scalarAbove !== undefined && indent > scalarAbove) continue;
    scalarAbove = undefined;
    const body = line.trim().replace(/\s+#.*$/, '');
    const item = /^-(\s|$)/.test(body);
    const entry = item ? body.replace(/^-\s*/, '') : body;
    const key = /^([^:]+?):(\s|$)/.exec(entry)?.[1] ?? (item ? '-' : entry.slice(0, 20));
    const value = /^[^:]+?:\s*(.*)$/.exec(entry)?.[1] ?? '';
    if (/^[|>][-+0-9]*$/.test(value)) scalarAbove = indent;
    found.push({ index, indent, key, opens: item || (/:$/.test(entry) && !value) });
    // An item's own keys start after its dash: `- type: hero` opens a mapping two columns in.
    if (item && entry && /^[^:]+?:(\s|$)/.test(entry)) {
      const inner = indent + (body.length - entry.length);
      found.push({ index, indent: inner, key, opens: !value });
    }
  }
  return found;
}

/** A key indented otherwise than any block it could belong to, near the parser's first error. */
function wrongIndent(lines: readonly string[], errorLine: number): PlainMistake | undefined {
  const content = contentLines(lines);
  const open: number[] = [0];
  const seen: ContentLine[] = [];
  for (const [i, line] of content.entries()) {
    const previous = content[i - 1];
    const sameLine = previous?.index === line.index;
    let expected: number | undefined;
    if (!sameLine && line.indent > open.at(-1)!) {
      if (previous?.opens) open.push(line.indent);
      else expected = open.at(-1);
    } else if (!sameLine) {
      const closed: number[] = [];
      while (open.length > 1 && open.at(-1)! > line.indent) closed.push(open.pop()!);
      if (open.at(-1) !== line.indent) {
        // The slip is a space or two: the nearer indent is meant, the deeper one when both are as near.
        expected = [...closed, open.at(-1)!].sort((a, b) => Math.abs(a - line.indent) - Math.abs(b - line.indent) || b - a)[0];
        open.push(...closed.filter((c) => c <= expected!).reverse());
      }
    } else if (line.indent > open.at(-1)!) open.push(line.indent);
    const lineNo = line.index + 1;
    if (expected !== undefined && lineNo >= errorLine - NEAR.before && lineNo <= errorLine + NEAR.after) {
      const sibling = [...seen].reverse().find((s) => s.indent === expected && s.index !== line.index);
      const below = sibling ? undefined : content.slice(i + 1).find((s) => s.indent === expected);
      const like = sibling ? ` like "${sibling.key}" above it` : below ? ` like "${below.key}" below it` : '';
      return {
        line: lineNo,
        column: line.indent + 1,
        message: `"${line.key}" is indented ${plural(line.indent)}, which matches no key around it: indent it${like}, ${plural(expected)}`,
      };
    }
    // Further from the error, an odd indent is no mistake of the parser's (a plain value going on over two lines).
    if (expected === undefined) seen.push(line);
  }
  return undefined;
}

const plural = (spaces: number) => `${spaces} ${spaces === 1 ? 'space' : 'spaces'}`;
