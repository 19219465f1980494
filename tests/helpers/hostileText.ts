import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';
import { gfmWithoutAutolinks } from '../../src/markdown/gfmWithoutAutolinks.ts';
import { seededRandom } from './project.ts';

/**
 * The names a hostile trial used, as a file name, a route or a message: each tries to end a line,
 * a command, a code span, a link, a cell, or to open HTML or hide text (Trojan source).
 */
export const HOSTILE_NAMES = [
  'x\n::warning file=x::injected',
  'a\r\n::error::b',
  'x)[y](https://evil.example/p).txt',
  'a`b``c',
  '`starts',
  'ends`',
  ' spaced ',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a|b|c',
  '*_[]_*~~x~~',
  'line\u2028sep\u2029para',
  'admin\u202e\u2066gpj.exe\u2069',
  'esc\u001b[31mred\u001b[0m\u0007\u0000\u007f\u0085\u009b',
  '\\`\\n not a newline',
  '%0A%25 & &amp; #1 @user :smile:',
];

/** The pieces seeded names are made of: every kind above, and plain text between. */
const PIECES = [
  'a',
  'b',
  '/',
  '.',
  ' ',
  '-',
  '`',
  '``',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '|',
  '*',
  '_',
  '~',
  '\\',
  '!',
  '#',
  '&',
  '%',
  ':',
  ',',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2067',
  'é',
  '😀',
  'https://evil.example',
];

/** `count` names of 1–24 seeded hostile pieces. */
export function hostileNames(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * 24) }, () => PIECES[Math.floor(random() * PIECES.length)]).join(''),
  );
}

/** What a Markdown renderer reads out of `text`: GitHub-flavoured, with tables, as sitegen parses content. */
export const markdownTree = (text: string): Root => unified().use(remarkParse).use(gfmWithoutAutolinks).parse(text);

/** The characters the text format shows as escapes: none may reach a terminal raw. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
export const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** What a name looks like where hidden characters are shown as escapes (`\n`, `\u2028`): written here apart from src/, so a test compares two readings. */
export const visible = (name: string): string =>
  name.replace(new RegExp(HIDDEN.source, 'g'), (c) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
