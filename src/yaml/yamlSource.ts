import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Alias, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { commonMistake } from './commonMistakes.ts';
import { flatMapping, type FlatMapping } from './flatMapping.ts';
import { diagnostic, sortDiagnostics, type Diagnostic, type Place } from '../diagnostics.ts';

/** A parsed YAML text that can say where any value or key came from. */
export interface YamlSource {
  file: string;
  data: unknown;
  /**
   * Finds the place of the value at `path` (or of its key, for unknown keys): its start and end
   * when it exists, else the start of the deepest part of the path that does.
   */
  locate(path: readonly PropertyKey[], what?: 'value' | 'key'): Place;
  errors: Diagnostic[];
}

/**
 * Parses YAML keeping source positions. `lineOffset` shifts positions for YAML that sits
 * inside another file (markdown frontmatter starts on the line after `---`).
 */
export function parseYaml(file: string, text: string, lineOffset = 0, kept?: KeptDocuments): YamlSource {
  return kept && lineOffset === 0 ? kept.source(file, text) : parseSource(file, text, lineOffset);
}

function parseSource(file: string, text: string, lineOffset: number): YamlSource {
  const flat = flatMapping(text);
  return flat ? flatSource(file, text, lineOffset, flat) : documentSource(file, text, lineOffset);
}

/**
 * A mapping read one line at a time (`flatMapping`): a top-level key and its value are located
 * from that reading; any other path by the library's document, made the first time one is asked for.
 */
function flatSource(file: string, text: string, lineOffset: number, { data, at }: FlatMapping): YamlSource {
  let document: YamlSource | undefined;
  return {
    file,
    data,
    errors: [],
    locate: (path, what = 'value') => {
      const found = path.length === 1 ? at.get(String(path[0])) : undefined;
      if (!found) return (document ??= documentSource(file, text, lineOffset)).locate(path, what);
      const [start, end] = what === 'key' ? found.key : found.value;
      const line = found.line + 1 + lineOffset;
      return { line, column: start + 1, endLine: line, endColumn: end + 1 };
    },
  };
}

/** A text read by the YAML library, which knows every node's place and says what is wrong with the text. */
export function documentSource(file: string, text: string, lineOffset: number): YamlSource {
  const { doc, lineCounter } = parseText(text);
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + lineOffset, column: pos.col };
  };
  const span = (start: number, end: number | undefined): Place => {
    if (end === undefined) return at(start);
    // A block's range runs to the next line: the end is kept just past its last written character.
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const last = at(end);
    return { ...at(start), endLine: last.line, endColumn: last.column };
  };
  const found = [...doc.errors.map((e) => ({ pos: e.pos, message: e.message })), ...duplicateKeys(doc)];
  const errors = syntaxErrors(found.map((e) => diagnostic(file, span(e.pos[0], e.pos[1]), 'yaml-syntax', `invalid YAML: ${firstLine(e.message)}`)));
  // A common mistake is said in plain words, once, where it is: the parser's own errors all follow from it.
  const mistake = errors[0] && commonMistake(text, errors[0].line - lineOffset);
  if (mistake) {
    const place = { line: mistake.line + lineOffset, column: mistake.column };
    errors.splice(0, errors.length, diagnostic(file, place, 'yaml-syntax', mistake.message));
  }
  let data: unknown;
  const tooMany = errors.length ? undefined : aliasPastLimit(doc);
  if (tooMany?.range) {
    const message = `the file uses more than ${MAX_ALIASES.toLocaleString('en')} aliases (*name), more than a file may repeat values: the file is not read`;
    errors.push(diagnostic(file, span(tooMany.range[0], tooMany.range[1]), 'yaml/alias-bomb', message));
  }
  if (!errors.length) {
    try {
      data = doc.toJS();
    } catch (error) {
      // The library refuses aliases that repeat aliases into a huge document (a "billion laughs"); it says where in the file no more than it says which file.
      const alias = aliasBomb(doc);
      if (!alias) throw error;
      errors.push(diagnostic(file, span(alias.start, alias.end), 'yaml/alias-bomb', `${alias.message}: the file is not read`));
    }
  }
  return {
    file,
    data,
    errors,
    locate: (path, what = 'value') => {
      const found = rangeOf(doc, path, what);
      return span(found.start, found.end);
    },
  };
}

function parseText(text: string): { doc: Document; lineCounter: LineCounter } {
  const lineCounter = new LineCounter();
  // The library's own check of unique keys compares each key with every key before it: tens of thousands of keys took minutes.
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false }), lineCounter };
}

/** Each key a mapping already has, where it is set again, as the library reports it, in one pass over the keys. */
function duplicateKeys(doc: Document): { pos: [number, number]; message: string }[] {
  const found: { pos: [number, number]; message: string }[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const value = pair.key.value;
        if (seen.has(value)) found.push({ pos: [pair.key.range[0], pair.key.range[0] + 1], message: 'Map keys must be unique' });
        else if (value === value) seen.add(value);
      }
    },
  });
  return found;
}

/**
 * Aliases a file may hold. The library finds each alias's anchor by going through every alias and
 * anchor before it, so a file's aliases cost their count times its size: 100,000 aliases did not finish in two minutes.
 */
const MAX_ALIASES = 1000;

/** The first alias past the limit, if the file has more. */
function aliasPastLimit(doc: Document): Alias | undefined {
  let count = 0;
  let past: Alias | undefined;
  visit(doc, {
    Alias(_, alias) {
      if (++count <= MAX_ALIASES) return;
      past = alias;
      return visit.BREAK;
    },
  });
  return past;
}

/**
 * The YAML files a builder read last, parsed (watch reads every file again after each edit): a
 * file whose text is unchanged gives the very same source, so what is made from it (its links,
 * its validation) can be kept by identity. A kept source's data is frozen: no build may change it.
 */
export class KeptDocuments {
  private readonly kept = new Map<string, { text: string; source: YamlSource }>();

  source(file: string, text: string): YamlSource {
    const hit = this.kept.get(file);
    if (hit?.text === text) return hit.source;
    const source = parseSource(file, text, 0);
    deepFreeze(source.data);
    this.kept.set(file, { text, source });
    return source;
  }

  /** Forgets the files a build no longer read (deleted or renamed): a long watch keeps only what the site has. */
  forgetAllBut(files: ReadonlySet<string>): void {
    for (const file of this.kept.keys()) if (!files.has(file)) this.kept.delete(file);
  }

  /** Each file's source, by file. */
  entries(): ReadonlyMap<string, YamlSource> {
    return new Map([...this.kept].map(([file, { source }]) => [file, source]));
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/**
 * Where a document refused for its aliases goes wrong: the first alias that repeats a value
 * holding aliases itself (how a document grows exponentially), else the first use of the alias
 * repeated most. Undefined when it has no alias (the library refused it for another reason).
 */
function aliasBomb(doc: Document): { start: number; end?: number; message: string } | undefined {
  const uses = new Map<string, { count: number; range: [number, number] }>();
  let nestedAt: { start: number; end?: number; message: string } | undefined;
  visit(doc, {
    Alias(_, alias) {
      if (!alias.range) return;
      const anchored = alias.resolve(doc);
      let nested = false;
      if (anchored) visit(anchored, { Alias: () => ((nested = true), visit.BREAK) });
      if (nested) {
        nestedAt = {
          start: alias.range[0],
          end: alias.range[1],
          message: `the alias *${alias.source} repeats a value that itself repeats others, and the file would grow to more values than any content has`,
        };
        return visit.BREAK;
      }
      const use = uses.get(alias.source);
      if (use) use.count++;
      else uses.set(alias.source, { count: 1, range: [alias.range[0], alias.range[1]] });
    },
  });
  if (nestedAt) return nestedAt;
  const [name, most] = [...uses].sort((a, b) => b[1].count - a[1].count)[0] ?? [];
  return most && { start: most.range[0], end: most.range[1], message: `the alias *${name} is used ${most.count} times, more than a file may repeat a value` };
}

/** Errors after the first are shown up to this many: one mistake (an indent) often makes the parser report a dozen. */
const MORE_SHOWN = 2;

/**
 * The first syntax error, then at most two more, the last saying how many were left out: most of
 * them follow from the first, which is the one to fix.
 */
function syntaxErrors(all: Diagnostic[]): Diagnostic[] {
  if (!all.length) return all;
  // The parser may run out of stack at more than one place of the same nesting (where depends on how far Node has optimised it): said once, at the first.
  const sorted = sortDiagnostics(all).filter((d, i, list) => !d.message.endsWith(TOO_DEEP) || list.findIndex((e) => e.message.endsWith(TOO_DEEP)) === i);
  const [first, ...rest] = sorted as [Diagnostic, ...Diagnostic[]];
  const shown = [first, ...rest.slice(0, MORE_SHOWN)];
  const left = rest.length - MORE_SHOWN;
  if (left > 0) {
    const last = shown.at(-1)!;
    shown[shown.length - 1] = {
      ...last,
      message: `${last.message} (and ${left} more YAML ${left === 1 ? 'error' : 'errors'} after it, not shown: they often follow from the first; fix it and check again)`,
    };
  }
  return shown;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  // The library reads nesting by recursion: past some hundreds of levels it runs out of stack, which says nothing to an editor.
  return line === 'Maximum call stack size exceeded' ? TOO_DEEP : line;
}

const TOO_DEEP = 'values nested too deep to read (hundreds of lists or mappings inside each other): flatten them';

const keyIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/** A mapping's pairs by key, the first of each, made once: a file with an error at each of thousands of keys locates each in constant time. */
function pairsByKey(map: YAMLMap): Map<string, Pair> {
  let index = keyIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const pair of map.items) {
      const key = isPair(pair) && isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key !== undefined && !index.has(key)) index.set(key, pair);
    }
    keyIndexes.set(map, index);
  }
  return index;
}

/**
 * The offsets of the node at the path: its start and the end of its value. Where the path
 * does not exist, the start of the deepest node found is the best position we have.
 */
function rangeOf(doc: Document, path: readonly PropertyKey[], what: 'value' | 'key'): { start: number; end?: number } {
  let node: Node | null | undefined = doc.contents as Node | null;
  const range = (n: Node | null | undefined) => (n?.range ? { start: n.range[0], end: n.range[1] } : undefined);
  let best = range(node) ?? { start: 0 };
  const partial = () => ({ start: best.start });
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = pairsByKey(node).get(String(key));
      if (!pair) return partial();
      const keyNode = pair.key as Node;
      if (last && what === 'key') return range(keyNode) ?? partial();
      node = pair.value as Node | null;
      best = range(node) ?? range(keyNode) ?? partial();
    } else if (isSeq(node)) {
      const item = node.items[Number(key)] as Node | undefined;
      if (!item) return partial();
      node = item;
      best = range(item) ?? partial();
    } else {
      return partial();
    }
  }
  return best;
}
