/**
 * The two YAML mistakes editors make most, recognised in the text around the parser's first
 * error and said in plain words at the place of the mistake: a value holding `: ` without quotes
 * (`title: Value Banks: Tracking`), and a key indented otherwise than its neighbours. The parser
 * reports either as several errors in its own words ("Nested mappings are not allowed in compact
 * mappings"), none of them where the slip is; this is one error, the caret on it. A list item
 * indented otherwise than the items of its list is said as such, naming the item to line up
 * with. A tab in the indentation is said as such.
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
  /** Whether it is the dash that starts a list item (the keys after an item's dash are a line of their own). */
  item: boolean;
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
    found.push({ index, indent, key, item, opens: item || (/:$/.test(entry) && !value) });
    // An item's own keys start after its dash: `- type: hero` opens a mapping two columns in.
    if (item && entry && /^[^:]+?:(\s|$)/.test(entry)) {
      const inner = indent + (body.length - entry.length);
      found.push({ index, indent: inner, key, item: false, opens: !value });
    }
  }
  return found;
}

/** An indent lines are open at, and the last list item started there when a list is. */
interface Level {
  indent: number;
  item?: ContentLine;
}

/** A key or a list item indented otherwise than any block it could belong to, near the parser's first error. */
function wrongIndent(lines: readonly string[], errorLine: number): PlainMistake | undefined {
  const content = contentLines(lines);
  const open: Level[] = [{ indent: 0 }];
  const seen: ContentLine[] = [];
  for (const [i, line] of content.entries()) {
    const previous = content[i - 1];
    const sameLine = previous?.index === line.index;
    let expected: number | undefined;
    const closed: Level[] = [];
    if (!sameLine && line.indent > open.at(-1)!.indent) {
      if (previous?.opens) open.push({ indent: line.indent });
      else expected = open.at(-1)!.indent;
    } else if (!sameLine) {
      while (open.length > 1 && open.at(-1)!.indent > line.indent) closed.push(open.pop()!);
      if (open.at(-1)!.indent !== line.indent) {
        // The slip is a space or two: the nearer indent is meant, the deeper one when both are as near.
        expected = [...closed, open.at(-1)!].map((l) => l.indent).sort((a, b) => Math.abs(a - line.indent) - Math.abs(b - line.indent) || b - a)[0];
      }
    } else if (line.indent > open.at(-1)!.indent) open.push({ indent: line.indent });
    const lineNo = line.index + 1;
    const near = lineNo >= errorLine - NEAR.before && lineNo <= errorLine + NEAR.after;
    // An item where no list is (among the keys of a mapping, no key opening a list for it above) is at the wrong depth too.
    if (line.item && near && (expected !== undefined || (!open.at(-1)!.item && !previous?.opens))) {
      const sibling = siblingItem(line, [...open, ...closed]);
      if (sibling) return misplacedItem(line, sibling, lines);
    }
    if (expected !== undefined) {
      if (near) return misplacedKey(line, expected, seen, content.slice(i + 1));
      open.push(...closed.filter((c) => c.indent <= expected!).reverse());
    }
    if (line.item) open.at(-1)!.item = line;
    // Further from the error, an odd indent is no mistake of the parser's (a plain value going on over two lines).
    if (expected === undefined) seen.push(line);
  }
  return undefined;
}

function misplacedKey(line: ContentLine, expected: number, above: readonly ContentLine[], below: readonly ContentLine[]): PlainMistake {
  const sibling = [...above].reverse().find((s) => s.indent === expected && s.index !== line.index);
  const after = sibling ? undefined : below.find((s) => s.indent === expected);
  const like = sibling ? ` like "${sibling.key}" above it` : after ? ` like "${after.key}" below it` : '';
  return {
    line: line.index + 1,
    column: line.indent + 1,
    message: `"${line.key}" is indented ${plural(line.indent)}, which matches no key around it: indent it${like}, ${plural(expected)}`,
  };
}

/**
 * The item of an open list that a misplaced item was meant to follow: the one that starts with
 * the same key (another `- type:` of the page's blocks), else the one at the nearest indent, the
 * later when two are as near.
 */
function siblingItem(line: ContentLine, levels: readonly Level[]): ContentLine | undefined {
  const items = levels.flatMap((l) => (l.item ? [l.item] : []));
  const sameKey = line.key !== '-' && items.filter((item) => item.key === line.key);
  const candidates = sameKey && sameKey.length ? sameKey : items;
  return candidates.sort((a, b) => Math.abs(a.indent - line.indent) - Math.abs(b.indent - line.indent) || b.index - a.index)[0];
}

/** Characters of the item to line up with that its message quotes. */
const QUOTED = 40;

function misplacedItem(line: ContentLine, sibling: ContentLine, lines: readonly string[]): PlainMistake {
  const text = lines[sibling.index]!.trim();
  const quoted = text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text;
  const depth = line.indent > sibling.indent ? 'deeper than' : 'less deep than';
  return {
    line: line.index + 1,
    column: line.indent + 1,
    message: `this list item is indented ${plural(line.indent)}, ${depth} the item above it at line ${sibling.index + 1}: indent it ${plural(sibling.indent)}, like the "${quoted}" above`,
  };
}

const plural = (spaces: number) => `${spaces} ${spaces === 1 ? 'space' : 'spaces'}`;
