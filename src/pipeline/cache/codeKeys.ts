import { contentHash } from '../../hash.ts';

/** The code's files (relative to the project, with /) → the hash of their bytes, and what each module imports. */
export interface CodeMap {
  files: Record<string, string>;
  imports: Record<string, string[]>;
}

/** Which code makes each page and each analysis, as hashes: an edit changes only the keys of the code it is in. */
export interface CodeKeys {
  /**
   * What every page and every analysis runs: the generator, the dependencies, and the templates
   * that templates/index.ts reaches without going through templates/pages/ (the layout, the
   * markdown components, the collections' schemas).
   */
  shared: string;
  /** The code of the pages a module declares: the shared code and every file the module reaches. Unknown (undefined): all the code. */
  declaredIn(module: string | undefined): string;
}

const TEMPLATES = 'templates/';
const PAGES = 'templates/pages/';
const INDEX = 'templates/index.ts';

/** The modules `start` reaches through its imports, without entering those `cut` names (the start is always in). */
export function reachable(imports: CodeMap['imports'], start: string, cut: (file: string) => boolean = () => false): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of imports[file] ?? []) {
      if (seen.has(next) || cut(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

export function codeKeys(code: CodeMap): CodeKeys {
  // A file the map has no hash for is named as such: its key can only change with the map.
  const digest = (files: Iterable<string>) =>
    contentHash(
      [...files]
        .sort()
        .map((file) => `${file}\0${code.files[file] ?? '-'}`)
        .join('\0'),
      20,
    );
  const outside = Object.keys(code.files).filter((file) => !file.startsWith(TEMPLATES));
  const shared = digest(new Set([...outside, ...reachable(code.imports, INDEX, (file) => file.startsWith(PAGES))]));
  const all = contentHash(`${shared}\0${digest(Object.keys(code.files))}`, 20);
  const keys = new Map<string, string>();
  return {
    shared,
    declaredIn(module) {
      if (module === undefined) return all;
      let key = keys.get(module);
      if (key === undefined) keys.set(module, (key = contentHash(`${shared}\0${digest(reachable(code.imports, module))}`, 20)));
      return key;
    },
  };
}
