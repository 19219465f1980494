/**
 * A YAML mapping written one `key: value` a line, as an article's frontmatter is, read without the
 * YAML library: the library composes a document with every node's place, a fifth of a cold
 * build's analysis, where a frontmatter needs its values and each key's place. Only lines whose
 * meaning leaves no doubt are read here (see `valueOf`); any other text gives undefined, and the
 * library reads it (tests/yaml/flatMapping.test.ts holds both to the same values and places).
 */
export interface FlatMapping {
  data: Record<string, unknown>;
  /** Each key's line (0-based, in the text) and the columns (0-based) of the key and of its value. */
  at: Map<string, { line: number; key: [number, number]; value: [number, number] }>;
}

/** `key: value`: a key of letters, digits, `_` and `-` that starts with a letter (and is no null or boolean), a colon and a space. */
const LINE = /^([A-Za-z][\w-]*):( +)(.*?) *$/;

/** What YAML does not print, or may take for a line break: never read here. */
const UNPRINTED = String.raw`\p{Cc}\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff`;
/** A plain scalar with none of YAML's indicators, comments or escapes anywhere in it. */
const PLAIN = new RegExp(String.raw`^[\p{L}\p{N}/(][^${UNPRINTED}"#:[\]{}\x60|>*&!%@\\]*$`, 'u');
/** A list item as plainly written, without commas. */
const ITEM = new RegExp(String.raw`^[\p{L}\p{N}/(][^${UNPRINTED}"#:[\]{}\x60|>*&!%@\\,]*$`, 'u');
/** A quoted scalar with nothing to unescape or fold. */
const DOUBLE_QUOTED = new RegExp(String.raw`^"([^${UNPRINTED}"\\]*)"$`, 'u');
const SINGLE_QUOTED = new RegExp(String.raw`^'([^${UNPRINTED}']*)'$`, 'u');

/** Plain scalars YAML's core schema reads as something other than a string (null, a number). */
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|[-+]?\d+|0o[0-7]+|0x[\da-fA-F]+|[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/;

/** The mapping `text` holds, when every line of it is a `key: value` read here and no key is set twice; else undefined. */
export function flatMapping(text: string): FlatMapping | undefined {
  const data: Record<string, unknown> = {};
  const at: FlatMapping['at'] = new Map();
  const lines = text.split('\n');
  for (let line = 0; line < lines.length; line++) {
    const match = LINE.exec(lines[line]!);
    if (!match) return undefined;
    const [, key, gap, written] = match as unknown as [string, string, string, string];
    const value = valueOf(written);
    if (value === undefined || at.has(key) || NOT_A_STRING.test(key) || BOOLEAN.test(key)) return undefined;
    data[key] = value;
    const start = key.length + 1 + gap.length;
    at.set(key, { line, key: [0, key.length], value: [start, start + written.length] });
  }
  return at.size ? { data, at } : undefined;
}

/** A value as YAML reads it: a string, a boolean, or a list of strings; undefined for anything else. */
function valueOf(written: string): string | boolean | string[] | undefined {
  const quoted = DOUBLE_QUOTED.exec(written) ?? SINGLE_QUOTED.exec(written);
  if (quoted) return quoted[1];
  if (written.startsWith('[') && written.endsWith(']')) {
    const inside = written.slice(1, -1).trim();
    if (!inside) return [];
    const items = inside.split(',').map((item) => item.trim());
    return items.every(isString(ITEM)) ? items : undefined;
  }
  if (BOOLEAN.test(written)) return written.toLowerCase() === 'true';
  return isString(PLAIN)(written) ? written : undefined;
}

const isString = (shape: RegExp) => (written: string) => shape.test(written) && !NOT_A_STRING.test(written) && !BOOLEAN.test(written);
