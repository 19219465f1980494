import { describe, expect, it } from 'vitest';
import { codeFrame, excerptOf } from '../src/codeFrame.ts';

const TEXT = ['title: About', 'hero:', '  heading: We help', '    subheading: wrong indent', '  cta: Start'].join('\n');

describe('code frames', () => {
  it('shows the line of the problem between its neighbours, marked, with carets under its span', () => {
    const excerpt = excerptOf(TEXT, 3);
    expect(excerpt).toEqual({ line: 2, text: ['hero:', '  heading: We help', '    subheading: wrong indent'] });
    expect(codeFrame(excerpt, { line: 3, column: 3, endLine: 3, endColumn: 10 })).toEqual([
      '  2 | hero:',
      '> 3 |   heading: We help',
      '    |   ^^^^^^^',
      '  4 |     subheading: wrong indent',
    ]);
  });

  it('keeps to the file at its first and last lines, and pads numbers to the widest', () => {
    expect(excerptOf('a: 1\nb: 2\n', 2)).toEqual({ line: 1, text: ['a: 1', 'b: 2'] });
    expect(codeFrame(excerptOf(TEXT, 1), { line: 1, column: 1 })).toEqual(['> 1 | title: About', '    | ^', '  2 | hero:']);
    const long = Array.from({ length: 12 }, (_, i) => `key${i + 1}: ${i + 1}`).join('\n');
    expect(codeFrame(excerptOf(long, 10), { line: 10, column: 8 })).toEqual(['   9 | key9: 9', '> 10 | key10: 10', '     |        ^', '  11 | key11: 11']);
  });

  it('points one caret at a span that runs on to a later line, and never past the end of the line', () => {
    expect(codeFrame(excerptOf('a: [1,\n  2', 1), { line: 1, column: 4, endLine: 2, endColumn: 4 })).toEqual(['> 1 | a: [1,', '    |    ^', '  2 |   2']);
    expect(codeFrame(excerptOf('a: b', 1), { line: 1, column: 5 })).toEqual(['> 1 | a: b', '    |     ^']);
  });

  it('draws tabs as one space, so the carets stay under what they point at, and cuts very long lines', () => {
    expect(codeFrame(excerptOf('\tkey: x', 1), { line: 1, column: 2, endLine: 1, endColumn: 5 })).toEqual(['> 1 |  key: x', '    |  ^^^']);
    const [line] = excerptOf(`x: ${'y'.repeat(500)}`, 1).text;
    expect(line).toHaveLength(161);
    expect(line!.endsWith('…')).toBe(true);
  });
});
