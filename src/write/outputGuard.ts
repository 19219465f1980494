import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Paths } from '../config.ts';
import { OutputStore, STORE_MARKER } from './outputStore.ts';
import { inPlaceOf } from '../runtime/ownedPaths.mjs';

/** The project's own folders: an output there would replace what the user wrote. */
const PROJECT_FOLDERS = ['content', 'templates', 'public', 'src', 'bin', 'tests', 'node_modules', '.git', '.sitegen-cache'];

/** Thrown before anything is written when the output folder is one sitegen must not replace. */
export class OutputRefused extends Error {
  constructor(
    readonly folder: string,
    readonly reason: string,
  ) {
    super(`refusing to write the site into ${path.relative(process.cwd(), folder) || '.'}: ${reason}`);
  }
}

/** The real path of `file`, whose last parts may not exist yet (links in its parents resolved). */
function realPath(file: string): string {
  const missing: string[] = [];
  for (let at = path.resolve(file); ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync(at), ...missing.reverse());
    } catch {
      if (path.dirname(at) === at) return path.resolve(file);
      missing.push(path.basename(at));
    }
  }
}

const inside = (parent: string, child: string) => child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** A folder as written and as it really is: a link (node_modules is often one) must not open a way around a rule. */
const forms = (folder: string) => [...new Set([path.resolve(folder), realPath(folder)])];

/**
 * Why sitegen may not replace `paths.out`, or undefined when it may: the project folder, a
 * folder around it, one of its source folders (or anything inside them), the content folder,
 * and a folder sitegen did not make are refused. The output path's last part may be sitegen's
 * link to its current version, so it is judged unresolved.
 */
export function outputRefusal(paths: Paths): OutputRefused | undefined {
  const outs = forms(path.dirname(paths.out)).map((parent) => path.join(parent, path.basename(paths.out)));
  const refuse = (reason: string) => new OutputRefused(paths.out, reason);
  const is = (folders: string[]) => outs.some((out) => folders.includes(out));
  const within = (folders: string[]) => outs.some((out) => folders.some((folder) => inside(folder, out)));
  const around = (folders: string[]) => outs.some((out) => folders.some((folder) => inside(out, folder)));
  const root = forms(paths.root);
  const suggestion = 'Choose another --out, such as dist';
  if (is(root)) return refuse(`it is the project folder (sitegen replaces the whole output folder). ${suggestion}`);
  if (around(root)) return refuse(`it contains the project folder. ${suggestion}`);
  for (const name of PROJECT_FOLDERS) {
    const folder = forms(path.join(paths.root, name));
    if (is(folder)) return refuse(`it is the project's ${name}/ folder. ${suggestion}`);
    if (within(folder)) return refuse(`it is inside the project's ${name}/ folder. ${suggestion}`);
  }
  const content = forms(paths.content);
  if (is(content)) return refuse(`it is the content folder being built. ${suggestion}`);
  if (within(content)) return refuse(`it is inside the content folder being built. ${suggestion}`);
  if (around(content)) return refuse(`it contains the content folder being built. ${suggestion}`);
  // The stores where sitegen keeps the versions of outputs are its own: never an output.
  if (/^\..+\.sitegen$/.test(path.basename(paths.out)))
    return refuse(`that name is kept for the folder where sitegen keeps the versions of an output. ${suggestion}`);
  for (const out of outs) {
    for (let at = path.dirname(out); at !== path.dirname(at); at = path.dirname(at)) {
      if (existsSync(path.join(at, STORE_MARKER))) return refuse(`it is inside a folder where sitegen keeps the versions of an output. ${suggestion}`);
    }
  }
  const store = new OutputStore(paths.out);
  if (inPlaceOf(store.store, 'folder') || (existsSync(store.store) && !existsSync(path.join(store.store, STORE_MARKER)))) {
    return refuse(`sitegen keeps its versions in ${path.basename(store.store)} beside it, and something else is there: move it, or choose another --out`);
  }
  const state = store.state();
  return state.kind === 'foreign' ? refuse(state.reason) : undefined;
}
