import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';

/** A parsed YAML text that can say where any value or key came from. */
export interface YamlSource {
  file: string;
  data: unknown;
  /** Finds the position of the value at `path` (or of its key, for unknown keys). */
  locate(path: readonly PropertyKey[], what?: 'value' | 'key'): { line: number; column: number };
  errors: Diagnostic[];
}

/**
 * Parses YAML keeping source positions. `lineOffset` shifts positions for YAML that sits
 * inside another file (markdown frontmatter starts on the line after `---`).
 */
export function parseYaml(file: string, text: string, lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + lineOffset, column: pos.col };
  };
  const errors = doc.errors.map((e) => {
    const pos = at(e.pos[0]);
    return diagnostic(file, pos.line, pos.column, 'yaml-syntax', `invalid YAML: ${firstLine(e.message)}`);
  });
  return {
    file,
    data: errors.length ? undefined : doc.toJS(),
    errors,
    locate: (path, what = 'value') => at(offsetOf(doc, path, what)),
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** Walks as deep as the path exists; the deepest node found is the best position we have. */
function offsetOf(doc: Document, path: readonly PropertyKey[], what: 'value' | 'key'): number {
  let node: Node | null | undefined = doc.contents as Node | null;
  let best = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
      if (!pair) return best;
      const keyNode = pair.key as Node;
      if (last && what === 'key') return keyNode.range?.[0] ?? best;
      node = pair.value as Node | null;
      best = node?.range?.[0] ?? keyNode.range?.[0] ?? best;
    } else if (isSeq(node)) {
      const item = node.items[Number(key)] as Node | undefined;
      if (!item) return best;
      node = item;
      best = item.range?.[0] ?? best;
    } else {
      return best;
    }
  }
  return best;
}
