import type { Link, Paragraph, PhrasingContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { markdownCode, markdownText, markdownUrl, shown, urlPath } from '../src/escape.ts';
import { HIDDEN, HOSTILE_NAMES, hostileNames, markdownTree, visible } from './helpers/hostileText.ts';

/*
 * Each escape is tried with the names of a hostile trial and 400 seeded mixes of what breaks
 * lines, commands and Markdown; the Markdown ones are read back with a real parser.
 */
const NAMES = [...HOSTILE_NAMES, ...hostileNames(25, 400)];

/** Every node of a tree of phrasing content, depth first. */
const nodes = (list: readonly PhrasingContent[]): PhrasingContent[] => list.flatMap((n) => [n, ...('children' in n ? nodes(n.children) : [])]);

describe('text for a terminal', () => {
  it('shows each hidden character as its escape, and leaves every other text as it is', () => {
    expect(shown('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(shown('\u0000\u001b\u007f\u0085\u009f\u2028\u2029\u202a\u202e\u2066\u2069')).toBe(
      '\\u0000\\u001b\\u007f\\u0085\\u009f\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069',
    );
    expect(shown('plain é 😀 \\ "quoted" ::warning::')).toBe('plain é 😀 \\ "quoted" ::warning::');
    for (const name of NAMES) {
      expect(shown(name)).not.toMatch(HIDDEN);
      expect(shown(name)).toBe(visible(name));
    }
  });
});

describe('Markdown', () => {
  it('a code span holds the name exactly (hidden characters shown), as one code node in one list item', () => {
    for (const name of NAMES) {
      const tree = markdownTree(`- ${markdownCode(name)}\n- next\n`);
      expect(tree.children, name).toHaveLength(1);
      const list = tree.children[0]!;
      expect(list.type === 'list' && list.children.length, name).toBe(2);
      const paragraph = list.type === 'list' ? (list.children[0]!.children[0] as Paragraph) : undefined;
      expect(paragraph?.children, name).toEqual([expect.objectContaining({ type: 'inlineCode', value: shown(name) })]);
    }
  });

  it('text in a table cell stays in its cell, reads as written, and opens no link, code, emphasis or HTML', () => {
    for (const name of NAMES) {
      const tree = markdownTree(`| a | b |\n|---|---|\n| ${markdownText(name)} | end |\n`);
      expect(
        tree.children.map((n) => n.type),
        name,
      ).toEqual(['table']);
      const table = tree.children[0] as Table;
      expect(
        table.children.map((row) => row.children.length),
        name,
      ).toEqual([2, 2]);
      const [cell, last] = table.children[1]!.children;
      expect(
        nodes(cell!.children).map((n) => n.type),
        name,
      ).toEqual(cell!.children.map(() => 'text'));
      expect(toString(cell), name).toBe(shown(name).trim());
      expect(toString(last)).toBe('end');
    }
  });

  it('a link to a path of the site has one destination, the path percent-encoded, and the text given', () => {
    const base = 'https://preview.example.com/pr-(7) x';
    for (const name of NAMES) {
      const tree = markdownTree(`[${markdownCode(name)}](${markdownUrl(`${base}${urlPath(`/${name}`)}`)}) after\n`);
      const paragraph = tree.children[0] as Paragraph;
      expect(tree.children, name).toHaveLength(1);
      const links = nodes(paragraph.children).filter((n): n is Link => n.type === 'link');
      expect(links, name).toHaveLength(1);
      expect(links[0]!.url, name).toBe(`https://preview.example.com/pr-%287%29%20x${urlPath(`/${name}`)}`);
      expect(links[0]!.children, name).toEqual([expect.objectContaining({ type: 'inlineCode', value: shown(name) })]);
      expect(decodeURIComponent(links[0]!.url.slice('https://preview.example.com/pr-%287%29%20x/'.length)), name).toBe(name);
      expect(paragraph.children.at(-1)).toEqual(expect.objectContaining({ type: 'text', value: ' after' }));
    }
  });
});
