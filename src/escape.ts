/*
 * Every text sitegen prints that it did not write itself (a file name, a message quoting content,
 * a key, a URL) goes through the one function here for where it is shown, so that no name can
 * add a line, a command, a link or markup of its own.
 */

/**
 * What would split a line, move or hide text on a reader's screen: C0 and C1 controls, DEL, the
 * Unicode line and paragraph separators, and the bidi embeddings, overrides and isolates that
 * make text read otherwise than it is stored (Trojan source).
 */
const HIDDEN_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const HIDDEN = new RegExp(`[${HIDDEN_CHARACTERS}]`, 'g');
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text for a terminal or a log: each hidden character shown as its escape (`\n`, `\u2028`), so one line stays one line. */
export const shown = (text: string): string => text.replace(HIDDEN, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A workflow command's message: GitHub reads `%`, CR and LF as escapes, so those are escaped. */
export const workflowData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * A workflow command's property value: as its message, and `:` and `,`, which end a property. A
 * file name is kept as it is otherwise: the annotation lands only on the file named exactly.
 */
export const workflowProperty = (text: string): string => workflowData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * Text in Markdown (a table cell, a list item), shown as written on one line: hidden characters
 * as escapes, HTML's `<`, `>` and `&`, and every mark that opens emphasis, code, a link, a cell
 * or a strikethrough backslash-escaped.
 */
export const markdownText = (text: string): string =>
  shown(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~!#]/g, (mark) => `\\${mark}`);

/**
 * A code span holding `text` exactly (hidden characters shown): fenced by one backtick more than
 * its longest run of them, padded with a space when it starts or ends with a backtick or a space,
 * which CommonMark would otherwise read as part of the fence or strip.
 */
export function markdownCode(text: string): string {
  const code = shown(text);
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(code) && code.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/** A character as the percent-escapes of its UTF-8 bytes (a lone surrogate as U+FFFD's, where encodeURIComponent throws). */
const percent = (c: string) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** A link's destination: what would end it or open markup there (spaces, hidden characters, `<>()\`) percent-encoded. */
const URL_ENDS = new RegExp(`[\\s<>()\\\\${HIDDEN_CHARACTERS}]`, 'g');
export const markdownUrl = (url: string): string => url.replace(URL_ENDS, percent);

/** A path of the site (`/images/a b.png`) as a URL's path: every character but letters, digits and `-._~` of each part percent-encoded, so it reads only as a path. */
export const urlPath = (sitePath: string): string =>
  sitePath
    .split('/')
    .map((part) => part.replace(/[^A-Za-z0-9\-._~]/gu, percent))
    .join('/');

/** Text in HTML (an element's content or a quoted attribute): hidden characters as escapes, and `&<>"'` as references. */
export const htmlText = (text: string): string =>
  shown(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
