// Hostile markdown bodies of a given size, for the benchmark (`npm run bench -- --markdown-bombs`)
// and tests/markdown/bombs.test.ts: each once cost the parser the square of its size. Each says
// what sitegen does with it: reads it (`parsed`), or refuses it with a rule at a line and column
// of the body (line 1 is the body's first line): at a run of `mark`, the one that passed the bound.

const half = (bytes, unit) => Math.floor(bytes / 2 / unit.length);

/**
 * @param {number} bytes the body's size, about
 * @returns {{ name: string, body: string, expect: 'parsed' | { rule: string, line: number, mark: string } }[]}
 */
export function markdownBombs(bytes) {
  const n = half(bytes, '*');
  const pairs = half(bytes, '- > ');
  return [
    // Nested emphasis: each closing mark is paired by searching back through the paragraph.
    { name: '* run', body: `${'*'.repeat(n)}x${'*'.repeat(n)}`, expect: { rule: 'markdown/too-complex', line: 1, mark: '*' } },
    { name: '_ run', body: `${'_'.repeat(n)}x${'_'.repeat(n)}`, expect: { rule: 'markdown/too-complex', line: 1, mark: '_' } },
    // Strikethrough pairs, opened and closed apart.
    {
      name: '~~ pairs',
      body: `${'~~a '.repeat(half(bytes, '~~a '))}x${' a~~'.repeat(half(bytes, ' a~~'))}`,
      expect: { rule: 'markdown/too-complex', line: 1, mark: '~' },
    },
    // Runs of backticks that close nothing: each is tried as code to the paragraph's end.
    {
      name: 'backtick runs',
      body: Array.from({ length: Math.floor(Math.sqrt(bytes)) }, (_, i) => `${'`'.repeat(i + 1)}a`).join(' ') + ' word'.repeat(Math.floor(bytes / 10)),
      expect: { rule: 'markdown/too-complex', line: 1, mark: '`' },
    },
    // Brackets: each `]` searches back for the `[` it closes.
    { name: '[ brackets', body: `${'['.repeat(n)}x${']'.repeat(n)}`, expect: { rule: 'markdown/too-complex', line: 1, mark: ']' } },
    { name: '![ brackets', body: `${'!['.repeat(half(bytes, '!['))}x${']'.repeat(n)}`, expect: { rule: 'markdown/too-complex', line: 1, mark: ']' } },
    // Headings underlined with ===: at each, the parser edits the events it has read.
    {
      name: 'underlined headings',
      body: 'A heading\n===\n'.repeat(Math.floor(bytes / 14)),
      expect: { rule: 'markdown/too-complex', line: 1002, mark: '=' },
    },
    // Lists and quotes nested on one line, then brackets and emphasis inside them.
    {
      name: 'lists, quotes, brackets',
      body: `${'- > '.repeat(pairs)}${'[*'.repeat(half(bytes, '[*[*'))}x${'*]'.repeat(half(bytes, '*]*]'))}`,
      expect: { rule: 'markdown/too-deep', line: 1, mark: '-' },
    },
  ];
}
