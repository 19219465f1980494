import { describe, expect, it } from 'vitest';
import { markdownBombs } from '../../bin/markdownBombs.mjs';
import { isError } from '../../src/diagnostics.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';

const FRONTMATTER = '---\ntitle: Bomb\n---\n\n';
const BODY_LINE = FRONTMATTER.split('\n').length;

// Each took the parser the square of its size: 20 KB of `*` took seconds, 40 KB over half a minute.
// The benchmark times them (npm run bench -- --markdown-bombs); here, only what sitegen says.
describe.each(markdownBombs(20_000))('a hostile body: $name', ({ body, expect: expected }) => {
  it(expected === 'parsed' ? 'is read as text' : `is refused as ${expected.rule} at line ${expected.line} of the body`, () => {
    const { diagnostics } = parseMarkdown('bomb.md', FRONTMATTER + body, () => undefined);
    const errors = diagnostics.filter(isError);
    if (expected === 'parsed') return expect(errors).toEqual([]);
    expect(errors.map(({ rule, line }) => ({ rule, line }))).toEqual([{ rule: expected.rule, line: BODY_LINE + expected.line - 1 }]);
    // At a run of the marks the bomb is made of: the one where the bound was passed.
    expect(body.split('\n')[expected.line - 1]![errors[0]!.column - 1]).toBe(expected.mark);
  });
});
