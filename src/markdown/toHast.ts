import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// Raw HTML never reaches the output: parse() rejects it and remark-rehype drops it by default.
const converter = unified().use(remarkRehype);

export function toHast(tree: MdastRoot): HastRoot {
  return converter.runSync(tree) as HastRoot;
}
