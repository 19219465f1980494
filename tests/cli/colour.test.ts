import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { paintFor, wantsColour } from '../../src/cli/colour.ts';
import { formatDiagnostics } from '../../src/diagnosticFormats.ts';
import { warning } from '../../src/diagnostics.ts';
import { SCHEMA_CODES } from '../../src/rules.ts';

const terminal = { isTTY: true, hasColors: () => true } as unknown as NodeJS.WriteStream;
const pipe = { isTTY: false } as unknown as NodeJS.WriteStream;
const monochrome = { isTTY: true, hasColors: () => false } as unknown as NodeJS.WriteStream;

describe('colour in the terminal only, as NO_COLOR and FORCE_COLOR ask', () => {
  it('colours a colour terminal, never a pipe or file or a terminal without colours', () => {
    expect([terminal, pipe, monochrome].map((stream) => wantsColour(stream, {}))).toEqual([true, false, false]);
  });

  it('turns colour off with NO_COLOR, and FORCE_COLOR decides over both', () => {
    expect(wantsColour(terminal, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour(terminal, { NO_COLOR: '' })).toBe(true);
    expect(wantsColour(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColour(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(wantsColour(terminal, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColour(terminal, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('writes diagnostics with escape codes only when painting', () => {
    const list = [warning('/p/content/a.md', { line: 2, column: 8 }, 'article/duplicate-title', 'same title')];
    const plain = formatDiagnostics(list, '/p', paintFor(pipe, {}));
    expect(plain).toBe(
      `content/a.md:2:8  warning: same title  [article/duplicate-title]\n    hint: ${SCHEMA_CODES['duplicate-title'].hint}\n    docs: docs/editors/rules.md#kindduplicate-title\n1 warning in 1 file`,
    );
    const painted = formatDiagnostics(list, '/p', paintFor(pipe, { FORCE_COLOR: '1' }));
    expect(painted).toContain('\x1b[');
    expect(stripVTControlCharacters(painted)).toBe(plain);
  });
});
