import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/rules.ts';
import { parseYaml } from '../../src/yaml/yamlSource.ts';
import { articleSchema } from '../../templates/schemas/markdown.ts';
import { validateYaml } from '../../src/yaml/zodDiagnostics.ts';
import { blocksPageSchema } from '../../templates/blocks/schema.ts';
import { touchlineSiteSchema } from '../../templates/schemas/site.ts';

const article = (lines: string[]) => parseYaml('a.md', lines.join('\n'), 1);
const valid = [
  'title: A title',
  'date: 2025-01-15',
  'author: Priya Nair',
  'excerpt: An excerpt long enough to describe the article.',
  'category: Strategy',
  'thumbnail: /images/a.svg',
  'thumbnailAlt: An illustration',
];

function errors(source: ReturnType<typeof parseYaml>, schema = articleSchema) {
  const result = validateYaml(source, schema as never, 'article');
  return result.ok ? [] : result.diagnostics.map((d) => ({ at: `${d.line}:${d.column}`, message: d.message, rule: d.rule }));
}

describe('schema errors point at the offending key or value', () => {
  it('accepts a valid article frontmatter', () => {
    expect(errors(article(valid))).toEqual([]);
  });

  it('names the allowed values of a closed set, at the value', () => {
    const lines = [...valid];
    lines[4] = 'category: Strategie';
    expect(errors(article(lines))).toEqual([
      {
        at: '6:11',
        message: 'category: "Strategie" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study; did you mean "Strategy"?',
        rule: 'article/invalid-value',
      },
    ]);
  });

  it('reports an unknown key at the key, listing the allowed keys', () => {
    const result = errors(article([...valid, 'autor: Someone']));
    expect(result).toHaveLength(1);
    expect(result[0]!.at).toBe('9:1');
    expect(result[0]!.message).toMatch(/^unknown key "autor"; did you mean "author"\? \(allowed: title, date, updated, author,/);
  });

  it('suggests a key only when it is a typo of one', () => {
    const suggestion = (key: string) => /did you mean "([^"]+)"/.exec(errors(article([...valid, `${key}: x`]))[0]!.message)?.[1];
    expect(['autor', 'authr', 'auhtor', 'authors', 'Author', 'autho-r2', 'Updatd', 'thumbnailalt'].map(suggestion)).toEqual([
      'author',
      'author',
      'author',
      'author',
      'author',
      'author',
      'updated',
      'thumbnailAlt',
    ]);
    expect(suggestion('writer')).toBeUndefined();
    expect(suggestion('au')).toBeUndefined();
    expect(suggestion('subtitle')).toBeUndefined();
  });

  it('suggests the allowed value a misspelt one was meant to be, after the values', () => {
    const lines = [...valid];
    lines[4] = 'category: Stratgy';
    expect(errors(article(lines))).toEqual([
      {
        at: '6:11',
        message: 'category: "Stratgy" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study; did you mean "Strategy"?',
        rule: 'article/invalid-value',
      },
    ]);
    lines[4] = 'category: case study';
    expect(errors(article(lines))[0]!.message).toMatch(/; did you mean "Case Study"\?$/);
    lines[4] = 'category: Marketing';
    expect(errors(article(lines))[0]!.message).not.toMatch(/did you mean/);
  });

  it('lists the allowed keys of the block an unknown key is in, chosen by its type', () => {
    const yaml = [
      'blocks:',
      '  - type: team',
      '    heading: Team',
      '    members:',
      '      - name: A',
      '        rol: CEO',
      '        bio: B',
      '        photo: /a.svg',
      '  - type: steps',
      '    headin: Steps',
      '    items: []',
    ].join('\n');
    const unknown = errors(parseYaml('p.yaml', yaml), blocksPageSchema as never).filter((r) => r.rule.endsWith('unknown-key'));
    expect(unknown).toEqual([
      { at: '6:9', message: 'unknown key "rol"; did you mean "role"? (allowed: name, role, bio, photo)', rule: 'article/unknown-key' },
      { at: '10:5', message: 'unknown key "headin"; did you mean "heading"? (allowed: type, eyebrow, heading, intro, items)', rule: 'article/unknown-key' },
    ]);
  });

  it('lists the required keys of an empty frontmatter block instead of "expected object, got null"', () => {
    expect(errors(parseYaml('a.md', '', 1))).toEqual([
      { at: '2:1', message: 'no keys are set here; required: title, date, author, excerpt, category, thumbnail, thumbnailAlt', rule: 'article/missing' },
    ]);
  });

  it('reports a missing required key at its parent mapping', () => {
    expect(errors(article(valid.filter((l) => !l.startsWith('author'))))).toEqual([
      { at: '2:1', message: 'missing required key "author"', rule: 'article/missing' },
    ]);
  });

  it('rejects impossible dates and wrong types with their positions', () => {
    const lines = [...valid];
    lines[1] = 'date: 2025-02-30';
    lines.push('featured: "yes"');
    expect(errors(article(lines))).toEqual([
      { at: '3:7', message: 'date: "2025-02-30" is not a real calendar date: February 2025 has 28 days', rule: 'article/invalid-date' },
      { at: '9:11', message: 'featured: expected boolean, got string "yes"', rule: 'article/invalid-type' },
    ]);
  });

  it('gives a date one message that says how to write it', () => {
    const dateErrors = (date: string) => errors(article(valid.map((l) => (l.startsWith('date:') ? `date: ${date}` : l))));
    const cases: [string, string][] = [
      ['yesterday', '"yesterday" is not written year first, YYYY-MM-DD'],
      // A day-first or month-first date is read back as the one calendar date it can be; both are named when both can be.
      ['18/07/2023', '"18/07/2023" is not written year first, YYYY-MM-DD; did you mean "2023-07-18"?'],
      ['07/18/2023', '"07/18/2023" is not written year first, YYYY-MM-DD; did you mean "2023-07-18"?'],
      ['08.07.2023', '"08.07.2023" is not written year first, YYYY-MM-DD; is it "2023-07-08" (day first) or "2023-08-07" (month first)?'],
      ['2024-7-8', '"2024-7-8" must be written as 2024-07-08 (YYYY-MM-DD, with two-digit month and day)'],
      ['2024-07-08T10:00:00Z', '"2024-07-08T10:00:00Z" has a time: a date is written without one, as 2024-07-08'],
      ['2024-13-01', '"2024-13-01" has no month 13: months run from 01 to 12'],
      ['2024-02-29', ''],
      ['2023-02-29', '"2023-02-29" is not a real calendar date: February 2023 has 28 days'],
    ];
    for (const [date, message] of cases) {
      expect(dateErrors(date)).toEqual(message ? [{ at: '3:7', message: `date: ${message}`, rule: 'article/invalid-date' }] : []);
    }
  });

  it('reports YAML syntax errors with line and column', () => {
    const source = parseYaml('s.yaml', 'name: A\ntagline: B\nname: C\n');
    expect(source.errors).toEqual([
      {
        file: 's.yaml',
        line: 3,
        column: 1,
        endLine: 3,
        endColumn: 2,
        rule: 'yaml-syntax',
        message: 'invalid YAML: Map keys must be unique',
        hint: RULES['yaml-syntax'].hint,
        severity: 'error',
      },
    ]);
  });

  it('marks where the value or key ends, so an editor can underline all of it', () => {
    const lines = [...valid, 'autor: Someone', 'tags:', '  - one', '  - 2', ''];
    lines[4] = 'category: Strategie';
    const result = validateYaml(article(lines), articleSchema, 'article');
    const spans = result.ok ? [] : result.diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.rule}`);
    // The list's last item ends the range, not the line after it; a missing key has a start only (all of its mapping is not wrong).
    expect(spans).toEqual(['6:11-6:20 article/invalid-value', '12:5-12:6 article/invalid-type', '9:1-9:6 article/unknown-key']);
    expect(article(['tags:', '  - one', '  - two', '']).locate(['tags'])).toEqual({ line: 3, column: 3, endLine: 4, endColumn: 8 });
    const missing = validateYaml(article(valid.filter((l) => !l.startsWith('author'))), articleSchema, 'article');
    expect(missing.ok ? [] : missing.diagnostics.map((d) => [d.endLine, d.endColumn])).toEqual([[undefined, undefined]]);
  });

  it('reports every problem in one run, deep inside lists', () => {
    const yaml = [
      'blocks:',
      '  - type: hero',
      '    heading: Hi',
      '    lead: Lead',
      '    actions:',
      '      - label: Go',
      '        href: about',
      '        style: loud',
    ].join('\n');
    const result = errors(parseYaml('p.yaml', yaml), blocksPageSchema as never);
    expect(result.map((r) => r.at)).toEqual(['7:15', '8:16']);
    expect(result[1]!.message).toContain('expected one of: primary, secondary');
  });

  it('validates the real site settings schema strictly', () => {
    const source = parseYaml('site.yaml', 'name: X\nunknown: 1\n');
    const messages = errors(source, touchlineSiteSchema as never).map((r) => r.message);
    expect(messages).toContain('missing required key "url"');
    expect(messages.some((m) => m.startsWith('unknown key "unknown"'))).toBe(true);
  });
});
