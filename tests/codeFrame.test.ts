import { describe, expect, it } from 'vitest';
import { codeFrame, excerptOf } from '../src/codeFrame.ts';

const TEXT = ['title: About', 'hero:', '  heading: We help', '    subheading: wrong indent', '  cta: Start'].join('\n');

describe('code frames', () => {
  it('shows the line of the problem between its neighbours, marked, with carets under its span', () => {
    const at = { line: 3, column: 3, endLine: 3, endColumn: 10 };
    const excerpt = excerptOf(TEXT, at);
    expect(excerpt).toEqual({ line: 2, text: ['hero:', '  heading: We help', '    subheading: wrong indent'] });
    expect(codeFrame(excerpt, at)).toEqual(['  2 | hero:', '> 3 |   heading: We help', '    |   ^^^^^^^', '  4 |     subheading: wrong indent']);
  });

  it('keeps to the file at its first and last lines, and pads numbers to the widest', () => {
    expect(excerptOf('a: 1\nb: 2\n', { line: 2, column: 1 })).toEqual({ line: 1, text: ['a: 1', 'b: 2'] });
    expect(codeFrame(excerptOf(TEXT, { line: 1, column: 1 }), { line: 1, column: 1 })).toEqual(['> 1 | title: About', '    | ^', '  2 | hero:']);
    const long = Array.from({ length: 12 }, (_, i) => `key${i + 1}: ${i + 1}`).join('\n');
    const at = { line: 10, column: 8 };
    expect(codeFrame(excerptOf(long, at), at)).toEqual(['   9 | key9: 9', '> 10 | key10: 10', '     |        ^', '  11 | key11: 11']);
  });

  it('leaves out a blank neighbour, which says nothing about the problem', () => {
    const at = { line: 3, column: 5, endLine: 3, endColumn: 9 };
    expect(codeFrame(excerptOf('# Title\n\nSee [it](/gone).\n\nMore.\n', at), at)).toEqual(['> 3 | See [it](/gone).', '    |     ^^^^']);
  });

  it('points one caret at a span that runs on to a later line, and never past the end of the line', () => {
    const span = { line: 1, column: 4, endLine: 2, endColumn: 4 };
    expect(codeFrame(excerptOf('a: [1,\n  2', span), span)).toEqual(['> 1 | a: [1,', '    |    ^', '  2 |   2']);
    expect(codeFrame(excerptOf('a: b', { line: 1, column: 5 }), { line: 1, column: 5 })).toEqual(['> 1 | a: b', '    |     ^']);
  });

  it('draws tabs as one space, so the carets stay under what they point at', () => {
    const at = { line: 1, column: 2, endLine: 1, endColumn: 5 };
    expect(codeFrame(excerptOf('\tkey: x', at), at)).toEqual(['> 1 |  key: x', '    |  ^^^']);
  });

  it('cuts a long line to the part around the problem, every line of the frame alike, the carets still under it', () => {
    const paragraph = `${'word '.repeat(60)}see [the deck](/articles/gone) ${'more '.repeat(40)}`;
    const at = { line: 2, column: 305, endLine: 2, endColumn: 331 };
    const excerpt = excerptOf(`${'x'.repeat(400)}\n${paragraph}\n`, at);
    const frame = codeFrame(excerpt, at);
    expect(frame.map((line) => line.length)).toEqual([frame[0]!.length, frame[0]!.length, expect.any(Number)]);
    expect(frame[0]!.length).toBeLessThanOrEqual(110);
    expect(frame[1]).toMatch(/^> 2 \| …[ \w]+ see \[the deck\]\(\/articles\/gone\) [ \w]+…$/);
    // The carets are under the link, wherever the cut put it.
    const carets = frame[2]!.indexOf('^');
    expect(frame[1]!.slice(carets, carets + 26)).toBe('[the deck](/articles/gone)');
    expect(frame[2]!.slice(carets)).toBe('^'.repeat(26));
    // A problem that would run past the end of the first window moves the window: it is underlined whole.
    const link = '[the second article](/articles/second-lok)';
    const near = { line: 1, column: 63, endLine: 1, endColumn: 63 + link.length };
    const [shown, under] = codeFrame(excerptOf(`${'x'.repeat(62)}${link} ${'y'.repeat(80)}`, near), near);
    expect(shown!.slice(under!.indexOf('^'), under!.lastIndexOf('^') + 1)).toBe(link);
    // A short line is not cut; near its start, a long one is cut at its end only.
    expect(excerptOf('a: b', { line: 1, column: 1 }).shift).toBeUndefined();
    const start = excerptOf(`x: ${'y'.repeat(500)}`, { line: 1, column: 1 }).text[0]!;
    expect([start.length, start.startsWith('x: y'), start.endsWith('…')]).toEqual([101, true, true]);
  });
});
