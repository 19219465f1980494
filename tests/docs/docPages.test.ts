import { describe, expect, it } from 'vitest';
import { markedBlocks, rewriteBlocks } from '../helpers/docPages.ts';

const PAGE = [
  '# A page',
  '',
  '<!-- output: counts -->',
  '```',
  '2 errors in 2 files',
  '```',
  '',
  '1. A step:',
  '',
  '   <!-- output: frame -->',
  '   ```text',
  '   > 3 |   heading: We help',
  '',
  '   ```',
  'After.',
  '',
].join('\n');

describe('the marked blocks of a docs page', () => {
  it('finds each block after its marker, with its line, its text and the indentation of a list item taken out', () => {
    expect(markedBlocks(PAGE, 'page.md', 'output').map(({ name, line, text, indent }) => ({ name, line, text, indent }))).toEqual([
      { name: 'counts', line: 3, text: '2 errors in 2 files', indent: '' },
      { name: 'frame', line: 10, text: '> 3 |   heading: We help\n', indent: '   ' },
    ]);
    expect(markedBlocks(PAGE, 'page.md', 'recipe')).toEqual([]);
  });

  it('rewrites the text between the fences only, indented as the fences are, and finds it again', () => {
    const blocks = markedBlocks(PAGE, 'page.md', 'output');
    const rewritten = rewriteBlocks(PAGE, blocks, { counts: '1 error in 1 file', frame: 'line one\n\nline three' });
    expect(rewritten).toBe(
      PAGE.replace('2 errors in 2 files', '1 error in 1 file').replace('   > 3 |   heading: We help\n\n', '   line one\n\n   line three\n'),
    );
    expect(markedBlocks(rewritten, 'page.md', 'output').map((b) => b.text)).toEqual(['1 error in 1 file', 'line one\n\nline three']);
  });

  it('refuses a marker that no block follows, or a block never closed, naming the file and line', () => {
    expect(() => markedBlocks('<!-- output: counts -->\n\n```\nx\n```\n', 'docs/a.md', 'output')).toThrow(
      'docs/a.md:1: <!-- output: counts --> must be followed by a fenced block on the next line',
    );
    expect(() => markedBlocks('text\n<!-- output: counts -->\n```\nx\n', 'docs/a.md', 'output')).toThrow(
      'docs/a.md:2: the block of <!-- output: counts --> is never closed',
    );
  });
});
