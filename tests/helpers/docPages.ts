import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A fenced block of a docs file that follows a marker `<!-- KIND: NAME -->` on the line before it. */
export interface MarkedBlock {
  /** What the marker names: an example module for `output`, a file of the project for `recipe`. */
  name: string;
  /** The 1-based line of the marker. */
  line: number;
  /** The block's text between its fences, without the fences' indentation (a block in a list item) or the last newline. */
  text: string;
  /** The indentation of the fences, put back before each line when the block is rewritten. */
  indent: string;
  /** Where the text between the fences starts and ends in the file, to rewrite it in place. */
  start: number;
  end: number;
}

export const FENCE = /^( *)(`{3,}|~{3,})/;

/**
 * Every block of a markdown file marked `<!-- KIND: NAME -->`: the marker, then a fenced block on
 * the very next line. A marker without its block is an error at the marker's line, so that a
 * slip of the pen is not a block that is never checked.
 */
export function markedBlocks(markdown: string, file: string, kind: 'output' | 'recipe'): MarkedBlock[] {
  const marker = new RegExp(`^<!-- ${kind}: (\\S+) -->$`);
  const lines = markdown.split('\n');
  const offsets: number[] = [];
  lines.reduce((offset, line) => (offsets.push(offset), offset + line.length + 1), 0);
  const blocks: MarkedBlock[] = [];
  lines.forEach((line, i) => {
    const name = marker.exec(line.trim())?.[1];
    if (!name) return;
    const open = FENCE.exec(lines[i + 1] ?? '');
    if (!open) throw new Error(`${file}:${i + 1}: <!-- ${kind}: ${name} --> must be followed by a fenced block on the next line`);
    const [, indent = '', fence = ''] = open;
    const close = lines.findIndex((l, j) => j > i + 1 && l.trim() === fence);
    if (close < 0) throw new Error(`${file}:${i + 1}: the block of <!-- ${kind}: ${name} --> is never closed`);
    const text = lines
      .slice(i + 2, close)
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()))
      .join('\n');
    blocks.push({ name, line: i + 1, text, indent, start: offsets[i + 2]!, end: offsets[close]! });
  });
  return blocks;
}

/** The markdown with each block's text replaced by `texts[name]`, indented as its fences are. */
export function rewriteBlocks(markdown: string, blocks: readonly MarkedBlock[], texts: Record<string, string>): string {
  let result = markdown;
  for (const block of [...blocks].sort((a, b) => b.start - a.start)) {
    const text = texts[block.name];
    if (text === undefined) continue;
    const lines = text.split('\n').map((l) => (l ? `${block.indent}${l}` : l));
    result = `${result.slice(0, block.start)}${lines.join('\n')}\n${result.slice(block.end)}`;
  }
  return result;
}

/** README.md and every markdown file under docs/, relative to the project. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f));
  return ['README.md', ...docs.sort()];
}
