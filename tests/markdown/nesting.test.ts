import type { Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { deepestNesting, withoutDeepNesting } from '../../src/markdown/nesting.ts';

describe('nesting', () => {
  it('says a line of lists and quotes nested too deep is both, at its line, and blanks it', () => {
    const diagnostics: Parameters<typeof withoutDeepNesting>[2] = [];
    const text = withoutDeepNesting('a.md', `ok\n${'- > '.repeat(20)}x\nafter`, diagnostics);
    expect(text).toBe('ok\n\nafter');
    expect(diagnostics.map(({ line, message }) => `${line}: ${message}`)).toEqual(['2: lists and blockquotes are nested 40 deep here; at most 32 are read']);
  });

  it('refuses a directive opened inside 32 others not closed, and reads closed ones', () => {
    const diagnostics: Parameters<typeof withoutDeepNesting>[2] = [];
    withoutDeepNesting('a.md', ':::callout\nx\n:::\n'.repeat(100), diagnostics);
    expect(diagnostics).toEqual([]);
    withoutDeepNesting('a.md', ':::callout\n'.repeat(40), diagnostics);
    expect(diagnostics.map(({ line, rule }) => `${line} ${rule}`)).toEqual(Array.from({ length: 8 }, (_, i) => `${33 + i} markdown/too-deep`));
  });

  it('names what a tree nests deepest and where, without recursion', () => {
    let inner: RootContent = { type: 'text', value: 'x', position: { start: { line: 7, column: 3001 }, end: { line: 7, column: 3002 } } };
    for (let i = 0; i < 50_000; i++) inner = { type: 'strong', children: [inner] };
    const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [inner] }] };
    expect(deepestNesting(tree)).toEqual({ at: { line: 7, column: 3001 }, nesting: 'bold text 50000 deep' });
  });
});
