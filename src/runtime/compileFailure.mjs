// What esbuild could not compile, said for the person who wrote it. esbuild reads a slip in JSX
// as whatever the rest of the line happens to make (`{site.name</div>` is "Unterminated regular
// expression", at the end of the line); TypeScript's parser, which knows JSX, finds where the
// slip is. Its finding is said in plain words at that place, with a hint, and esbuild's own words
// kept under it. Loaded only when a compilation failed: it imports TypeScript.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

// TypeScript is a development dependency: an install without it (npm ci --omit=dev) gets esbuild's words.
const ts = await import('typescript').then(
  (module) => module.default,
  () => undefined,
);

/** TypeScript's diagnostics this module says in plain words, by code. */
const CODES = {
  expected: 1005,
  unterminatedString: 1002,
  unclosedElement: 17008,
  wrongClosingTag: 17002,
  unclosedFragment: 17014,
  wrongFragmentClose: 17015,
  braceInText: 1381,
  angleInText: 1382,
};

/** The character that opens what each closing one closes. */
const OPENERS = { '}': '{', ')': '(', ']': '[' };

/**
 * The text of a failed compilation for the terminal and the overlay: its first error said in
 * plain words where it can be, else as esbuild says it. Undefined when `error` is no esbuild
 * failure (the caller reports it as a crash).
 */
export async function describeCompileFailure(error, root) {
  const errors = error?.errors;
  if (!Array.isArray(errors) || !errors.length) return undefined;
  const first = errors[0];
  const file = first.location?.file;
  const explained = file && /\.[jt]sx?$/.test(file) ? explainFile(path.resolve(root, file)) : undefined;
  const messages = explained ? [plainMessage(first, file, explained, errors.length - 1)] : errors;
  const text = (await esbuild.formatMessages(messages, { kind: 'error', color: false })).join('').trimEnd();
  return `sitegen: the code does not compile\n${text}`;
}

function explainFile(file) {
  if (!ts) return undefined;
  try {
    return explainSyntaxError(readFileSync(file, 'utf8'), file);
  } catch {
    return undefined;
  }
}

/** esbuild's message for `explained`: its place and words, the hint and esbuild's words as notes. */
function plainMessage(original, file, explained, more) {
  const notes = [
    { text: `hint: ${explained.hint}` },
    { text: `esbuild says: ${original.text}` },
    ...(more > 0
      ? [{ text: `${more} more ${more === 1 ? 'error' : 'errors'} after it, not shown: they often follow from the first; fix it and run again` }]
      : []),
  ];
  return {
    text: explained.message,
    location: { file, line: explained.line, column: explained.column - 1, length: explained.length, lineText: explained.lineText },
    notes,
  };
}

/**
 * The first syntax error of a TypeScript or JSX source in plain words: what is likely missing,
 * where (1-based line and column, and how many characters to mark) and a hint. Undefined when it
 * parses, or its first error is none this knows.
 */
export function explainSyntaxError(text, fileName = 'template.tsx') {
  // The kind of source (TSX, JS…) from the name's extension.
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const [diagnostic] = source.parseDiagnostics;
  if (!diagnostic) return undefined;
  const said = sayDiagnostic(source, diagnostic);
  if (!said) return undefined;
  const start = said.start ?? diagnostic.start;
  const { line, character } = source.getLineAndCharacterOfPosition(start);
  const lineText = text.split(/\r?\n/)[line] ?? '';
  return {
    message: said.message,
    hint: said.hint,
    line: line + 1,
    column: character + 1,
    length: Math.max(0, Math.min(said.length ?? 1, lineText.length - character)),
    lineText,
  };
}

/** The plain words of one of TypeScript's parse diagnostics, and where to put the caret if not at the diagnostic. */
function sayDiagnostic(source, diagnostic) {
  const words = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  // A line alone: esbuild's frame counts columns from 0, the project's from 1.
  const place = (pos) => `line ${source.getLineAndCharacterOfPosition(pos).line + 1}`;
  switch (diagnostic.code) {
    case CODES.expected: {
      // Its other guesses (a "," where a ")" is missing) are esbuild's better.
      const missing = /^'([}\])])' expected\.$/.exec(words)?.[1];
      if (!missing) return undefined;
      const opener = openerOf(source, diagnostic, missing);
      const opened = opener === undefined ? '' : `, to close the "${OPENERS[missing]}" at ${place(opener)} (${excerptAt(source.text, opener)})`;
      const hint =
        missing === '}' && opener !== undefined && insideJsx(source, opener)
          ? 'an expression in JSX starts with { and ends with }, as in <Logo name={site.name} />'
          : `add the "${missing}" where what it closes ends: each ( [ { needs its ) ] } after it`;
      return { message: `a "${missing}" is missing here${opened}`, hint };
    }
    case CODES.unclosedElement: {
      const tag = /'(.+)'/.exec(words)?.[1] ?? '';
      // TypeScript points at the tag's name: the caret goes on its "<".
      return {
        message: `<${tag}> is never closed`,
        hint: `add </${tag}> where its content ends, or end it with /> (<${tag} />) if it has none`,
        start: diagnostic.start - 1,
        length: tag.length + 1,
      };
    }
    case CODES.wrongClosingTag: {
      const tag = /'(.+)'/.exec(words)?.[1] ?? '';
      // TypeScript points at the tag's name: the caret goes on the whole tag, from its "</".
      return {
        message: `this closing tag does not close <${tag}>, the element still open here`,
        hint: `close the elements in the order they were opened: write </${tag}> here, or remove this tag if it closes nothing`,
        start: diagnostic.start - 2,
        length: diagnostic.length + 3,
      };
    }
    case CODES.unclosedFragment:
      return { message: 'this fragment <> is never closed', hint: 'add </> where its content ends' };
    case CODES.wrongFragmentClose:
      return {
        message: 'this closing tag does not close the fragment <> still open here',
        hint: 'write </> here, or remove this tag if it closes nothing',
        start: diagnostic.start - 2,
        length: diagnostic.length + 3,
      };
    case CODES.unterminatedString: {
      const start = unterminatedStringStart(source, diagnostic.start);
      return { message: 'this text in quotes is never closed', hint: 'end the text with the quote it starts with', ...(start === undefined ? {} : { start }) };
    }
    case CODES.braceInText:
    case CODES.angleInText: {
      const character = diagnostic.code === CODES.braceInText ? '}' : '>';
      return { message: `a "${character}" in JSX text is read as code`, hint: `remove it if it closes nothing, or write {'${character}'} to show it as text` };
    }
    default:
      return undefined;
  }
}

/**
 * Where the bracket a missing `closer` would close was opened: the place TypeScript names, else
 * the start of the innermost node around the error that it opens and that does not end with it.
 */
function openerOf(source, diagnostic, closer) {
  const opener = OPENERS[closer];
  const related = diagnostic.relatedInformation?.find((r) => r.start !== undefined && source.text[r.start] === opener);
  if (related) return related.start;
  let found;
  const visit = (node) => {
    const start = node.getStart(source);
    if (start > diagnostic.start || node.end < diagnostic.start) return;
    const nodeText = source.text.slice(start, node.end);
    if (nodeText.startsWith(opener) && !nodeText.trimEnd().endsWith(closer)) found = start;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** Whether `pos` is in JSX: an expression or attribute of an element. */
function insideJsx(source, pos) {
  let found = false;
  const visit = (node) => {
    if (node.getStart(source) > pos || node.end <= pos) return;
    if (ts.isJsxExpression(node) || ts.isJsxAttribute(node)) found = true;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** The start of the string literal a string left open at `pos` began with, when one is found. */
function unterminatedStringStart(source, pos) {
  let found;
  const visit = (node) => {
    if (ts.isStringLiteral(node) && node.end >= pos && node.getStart(source) < pos) found = node.getStart(source);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

/** Characters of the opener's line quoted. */
const QUOTED = 40;

/**
 * The opener as the reader sees it: what is written from it up to the next tag on its line, or its
 * whole line when it ends the line (a function's `{`), shortened.
 */
function excerptAt(text, pos) {
  const lineStart = text.lastIndexOf('\n', pos) + 1;
  const line = text.slice(lineStart).split(/\r?\n/)[0].trimEnd();
  const rest = line.slice(pos - lineStart);
  const shown = rest.length > 1 ? rest.split('<')[0] : line.trim();
  return `"${shown.length > QUOTED ? `${shown.slice(0, QUOTED)}…` : shown}"`;
}
