import type { Root } from 'mdast';
import type { Node, Parent } from 'unist';
import { diagnostic, FILE_START, type Diagnostic, type Place } from '../diagnostics.ts';

/**
 * Deeper than anyone writes. Each line of a file is read through every quote, list and directive
 * it is inside, so thousands of nested ones cost the parser the square of the file (`- > - > …`
 * on one line took minutes) and would exhaust its stack.
 */
export const MAX_NESTING = 32;

/** The quotes and list items a line opens or continues at its start: `>`, `-`, `+`, `*`, `1.`, `1)`. */
const CONTAINERS = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const DIRECTIVE_OPENING = /^[ \t]*:{3,}[^\s:{[]/;
const DIRECTIVE_CLOSING = /^[ \t]*:{3,}[ \t]*$/;

/**
 * The source with each line nested past MAX_NESTING blanked (line numbers kept), each reported
 * with what it nests: quotes and list items at its start, or `:::` directives opened and not closed.
 */
export function withoutDeepNesting(file: string, source: string, diagnostics: Diagnostic[]): string {
  if (!/[>\-+*:)]/.test(source)) return source;
  let directives = 0;
  let changed = false;
  const lines = source.split('\n').map((line, i) => {
    const place = { line: i + 1, column: 1, endLine: i + 1, endColumn: line.length + 1 };
    if (DIRECTIVE_CLOSING.test(line)) directives = Math.max(0, directives - 1);
    else if (DIRECTIVE_OPENING.test(line) && ++directives > MAX_NESTING) {
      directives--;
      changed = true;
      diagnostics.push(
        diagnostic(
          file,
          place,
          'markdown/too-deep',
          `this directive opens inside ${MAX_NESTING} others not yet closed with :::; at most ${MAX_NESTING} are read`,
        ),
      );
      return '';
    }
    const prefix = CONTAINERS.exec(line)?.[0] ?? '';
    const quotes = prefix.split('>').length - 1;
    const depth = quotes + (prefix.replace(/[>\s]/g, '').match(/[-+*]|\d{1,9}[.)]/g)?.length ?? 0);
    if (depth <= MAX_NESTING) return line;
    changed = true;
    const what = quotes === depth ? 'blockquotes are' : quotes ? 'lists and blockquotes are' : 'lists are';
    diagnostics.push(diagnostic(file, place, 'markdown/too-deep', `${what} nested ${depth} deep here; at most ${MAX_NESTING} are read`));
    return '';
  });
  return changed ? lines.join('\n') : source;
}

/** What mdast's node types are called in a message. */
const KINDS: Record<string, string> = {
  blockquote: 'blockquotes',
  list: 'lists',
  emphasis: 'emphasis',
  strong: 'bold text',
  delete: 'strikethrough',
  link: 'links',
  linkReference: 'links',
  containerDirective: 'directives',
  footnoteDefinition: 'footnotes',
  table: 'tables',
};

/**
 * The most deeply nested node of a tree, found without recursion (the tree may be too deep for
 * the stack), with what it is inside: "bold text 3000 deep" or "lists 40 and blockquotes 30 deep".
 */
export function deepestNesting(tree: Root): { at: Place; nesting: string } {
  interface Entry {
    node: Node;
    parent: Entry | undefined;
    depth: number;
  }
  let deepest: Entry = { node: tree, parent: undefined, depth: 0 };
  const stack: Entry[] = [deepest];
  while (stack.length) {
    const entry = stack.pop()!;
    if (entry.depth > deepest.depth) deepest = entry;
    for (const child of (entry.node as Parent).children ?? []) stack.push({ node: child, parent: entry, depth: entry.depth + 1 });
  }
  const counts = new Map<string, number>();
  for (let entry = deepest.parent; entry; entry = entry.parent) {
    const kind = KINDS[entry.node.type];
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const kinds = [...counts].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `${kind} ${count}`);
  const start = deepest.node.position?.start;
  return {
    at: start ? { line: start.line, column: start.column } : FILE_START,
    nesting: kinds.length ? `${kinds.join(' and ')} deep` : `${deepest.depth} deep`,
  };
}
