import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Paths } from '../config.ts';
import { OutputStore, STORE_MARKER } from './outputStore.ts';

/** The project's own folders: an output there, or around them, would replace what the user wrote. */
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

/**
 * Why sitegen may not replace `paths.out`, or undefined when it may: the project folder, a
 * folder around it, one of its source folders (or anything inside them), the content folder,
 * and a folder sitegen did not make are refused. The output path's last part may be sitegen's
 * link to its current version, so it is judged unresolved.
 */
export function outputRefusal(paths: Paths): OutputRefused | undefined {
  const out = path.join(realPath(path.dirname(paths.out)), path.basename(paths.out));
  const refuse = (reason: string) => new OutputRefused(paths.out, reason);
  const root = realPath(paths.root);
  if (out === root) return refuse('it is the project folder (sitegen replaces the whole output folder). Choose another --out, such as dist');
  if (inside(out, root)) return refuse('it contains the project folder. Choose another --out, such as dist');
  for (const name of PROJECT_FOLDERS) {
    const folder = path.join(root, name);
    if (out === folder || inside(folder, out)) return refuse(`it is ${out === folder ? '' : 'inside '}the project's ${name}/ folder. Choose another --out, such as dist`);
  }
  const content = realPath(paths.content);
  if (out === content) return refuse('it is the content folder being built. Choose another --out');
  if (inside(content, out)) return refuse('it is inside the content folder being built. Choose another --out');
  if (inside(out, content)) return refuse('it contains the content folder being built. Choose another --out');
  for (let at = path.dirname(out); at !== path.dirname(at); at = path.dirname(at)) {
    if (existsSync(path.join(at, STORE_MARKER))) return refuse('it is inside a folder where sitegen keeps the versions of an output. Choose another --out');
  }
  const state = new OutputStore(paths.out).state();
  return state.kind === 'foreign' ? refuse(state.reason) : undefined;
}
