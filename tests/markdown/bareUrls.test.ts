import { describe, expect, it } from 'vitest';
import { bareUrls } from '../../src/markdown/bareUrls.ts';

const start = { line: 3, column: 5 };

describe('bare URLs in a text node', () => {
  it('ends an address before the punctuation of its sentence and an unopened parenthesis', () => {
    const text = 'See https://a.example/x. Or https://a.example/y?q=1, "https://a.example/z" (https://a.example/w_(v)) https://a.example/!';
    expect(bareUrls(text, text, start).map((found) => found.url)).toEqual([
      'https://a.example/x',
      'https://a.example/y?q=1',
      'https://a.example/z',
      'https://a.example/w_(v)',
      'https://a.example/',
    ]);
  });

  it('places an address on a later line of the node from that line’s start, and one its source escapes at the node’s start', () => {
    expect(bareUrls('first\nthen https://a.example/b', 'first\n  then https://a.example/b', start)).toEqual([
      { url: 'https://a.example/b', at: { line: 4, column: 8, endLine: 4, endColumn: 27 } },
    ]);
    expect(bareUrls('x https://a.example/a_b', 'x https://a.example/a\\_b', start)).toEqual([{ url: 'https://a.example/a_b', at: start }]);
  });

  it('finds nothing in text without an address', () => {
    expect(bareUrls('mailto:someone ftp://a.example www.a.example', 'mailto:someone ftp://a.example www.a.example', start)).toEqual([]);
  });
});
