import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled } from './runtime/compiled.ts';

/** The marker in every output sitegen makes, and the one in the store of an output's versions: folders sitegen owns. */
export const OUTPUT_MARKER = '.sitegen-output';
export const STORE_MARKER = '.sitegen-store';

/** Where everything lives. The content folder can be swapped (--content) for another of the same shape. */
export interface Paths {
  root: string;
  content: string;
  templates: string;
  public: string;
  out: string;
  cache: string;
}

/** The project folder (compiled code runs from elsewhere, so it says where the project is). */
export const projectRoot = compiled()?.root ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where `watch` builds (with drafts) and serves from: a folder of its own, so that `dist` (or any
 * `--out` of `build`) stays what the last `build` made and `publish` never ships a watch session.
 */
export const WATCH_OUT = path.join('.sitegen-watch', 'site');

export function resolvePaths(options: { content?: string; out?: string; root?: string } = {}): Paths {
  const root = options.root ?? projectRoot;
  const content = path.resolve(options.content ?? path.join(root, 'content'));
  return {
    root,
    content,
    templates: path.join(root, 'templates'),
    public: path.join(root, 'public'),
    out: path.resolve(options.out ?? path.join(root, 'dist')),
    cache: path.join(root, '.sitegen-cache'),
  };
}
