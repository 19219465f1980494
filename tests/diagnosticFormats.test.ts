import { describe, expect, it } from 'vitest';
import { diagnosticsJson, formatDiagnostics } from '../src/diagnosticFormats.ts';
import { diagnostic, warning } from '../src/diagnostics.ts';
import { RULES, SCHEMA_CODES } from '../src/rules.ts';

const list = [
  diagnostic('/p/content/site.yaml', { line: 52, column: 17, endLine: 52, endColumn: 24 }, 'link/broken', 'broken link "/legals"'),
  diagnostic('/p/content/articles/a.md', { line: 6, column: 11 }, 'link/broken', 'broken link "/prices"'),
  warning('/p/content/articles/a.md', { line: 2, column: 8 }, 'article/duplicate-title', 'same title'),
];

describe('diagnostics as text', () => {
  it('keeps one line per problem, with each hint once, under the first problem it applies to', () => {
    expect(formatDiagnostics(list, '/p').split('\n')).toEqual([
      'content/articles/a.md:2:8  warning: same title  [article/duplicate-title]',
      `    hint: ${SCHEMA_CODES['duplicate-title']}`,
      'content/articles/a.md:6:11  broken link "/prices"  [link/broken]',
      `    hint: ${RULES['link/broken']}`,
      'content/site.yaml:52:17  broken link "/legals"  [link/broken]',
      '2 errors and 1 warning in 2 files',
    ]);
  });
});

describe('diagnostics as JSON', () => {
  it('is one array in the order of the text, paths relative to the folder given, an unknown end null', () => {
    const [first, , last] = JSON.parse(diagnosticsJson(list, '/p')) as Record<string, unknown>[];
    expect(first).toEqual({ file: 'content/articles/a.md', line: 2, column: 8, endLine: null, endColumn: null, severity: 'warning', rule: 'article/duplicate-title', message: 'same title', hint: SCHEMA_CODES['duplicate-title'] });
    expect(last).toMatchObject({ file: 'content/site.yaml', line: 52, column: 17, endLine: 52, endColumn: 24, severity: 'error' });
    expect(diagnosticsJson([], '/p')).toBe('[]');
  });
});
