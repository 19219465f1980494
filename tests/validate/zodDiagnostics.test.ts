import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/load/yamlSource.ts';
import { articleSchema } from '../../src/schemas/markdown.ts';
import { siteSchema } from '../../src/schemas/site.ts';
import { validateYaml } from '../../src/validate/zodDiagnostics.ts';
import { blocksPageSchema } from '../../templates/blocks/schema.ts';

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
      { at: '6:11', message: '"category": "Strategie" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study', rule: 'article/invalid-value' },
    ]);
  });

  it('reports an unknown key at the key, listing the allowed keys', () => {
    const result = errors(article([...valid, 'autor: Someone']));
    expect(result).toHaveLength(1);
    expect(result[0]!.at).toBe('9:1');
    expect(result[0]!.message).toMatch(/^unknown key "autor" \(allowed: title, date, updated, author,/);
  });

  it('reports a missing required key at its parent mapping', () => {
    expect(errors(article(valid.filter((l) => !l.startsWith('author'))))).toEqual([{ at: '2:1', message: 'missing required key "author"', rule: 'article/missing' }]);
  });

  it('rejects impossible dates and wrong types with their positions', () => {
    const lines = [...valid];
    lines[1] = 'date: 2025-02-30';
    lines.push('featured: "yes"');
    expect(errors(article(lines))).toEqual([
      { at: '3:7', message: '"date": is not a real calendar date', rule: 'article/invalid' },
      { at: '9:11', message: '"featured": expected boolean, got string "yes"', rule: 'article/invalid-type' },
    ]);
  });

  it('reports YAML syntax errors with line and column', () => {
    const source = parseYaml('s.yaml', 'name: A\ntagline: B\nname: C\n');
    expect(source.errors).toEqual([{ file: 's.yaml', line: 3, column: 1, rule: 'yaml-syntax', message: 'invalid YAML: Map keys must be unique' }]);
  });

  it('reports every problem in one run, deep inside lists', () => {
    const yaml = ['blocks:', '  - type: hero', '    heading: Hi', '    lead: Lead', '    actions:', '      - label: Go', '        href: about', '        style: loud'].join('\n');
    const result = errors(parseYaml('p.yaml', yaml), blocksPageSchema as never);
    expect(result.map((r) => r.at)).toEqual(['7:15', '8:16']);
    expect(result[1]!.message).toContain('expected one of: primary, secondary');
  });

  it('validates the real site settings schema strictly', () => {
    const source = parseYaml('site.yaml', 'name: X\nunknown: 1\n');
    const messages = errors(source, siteSchema as never).map((r) => r.message);
    expect(messages).toContain('missing required key "url"');
    expect(messages.some((m) => m.startsWith('unknown key "unknown"'))).toBe(true);
  });
});
