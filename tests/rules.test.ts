import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnostic, FILE_START } from '../src/diagnostics.ts';
import { hintFor, RULES, SCHEMA_CODES } from '../src/rules.ts';
import { definition } from '../templates/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The generator's and the templates' sources (schemas have rules of their own) besides the catalogue itself. */
const sources = ['src', 'templates']
  .flatMap((dir) => readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
  .filter((f) => /\.tsx?$/.test(f) && f !== 'src/rules.ts')
  .map((f) => readFileSync(path.join(ROOT, f), 'utf8'))
  .join('\n');
/** The rules of the site's own checks, declared by its definition. */
const siteRules = definition.rules ?? {};
/** The kinds of file schema rules are named after (`article/invalid-value`): the site's data files and collections, and pages. */
const SCHEMA_KINDS = [...Object.keys(definition.data), ...definition.collections.map((c) => c.name), 'page'];

describe('the rule catalogue', () => {
  it('has every rule id the sources write, so every problem reaches the editor with a hint', () => {
    const kinds = new Set([...Object.keys(RULES).map((id) => id.split('/')[0]), ...SCHEMA_KINDS]);
    const written = [...sources.matchAll(/'([a-z]+)\/([a-z]+(?:-[a-z]+)*)'/g)]
      .filter(([, kind]) => kinds.has(kind!))
      .map(([, kind, name]) => `${kind}/${name}`);
    expect(written.length).toBeGreaterThan(20);
    const declared = (id: string) => Object.hasOwn(RULES, id) || Object.hasOwn(SCHEMA_CODES, id.split('/')[1]!) || Object.hasOwn(siteRules, id.split('/')[1]!);
    expect(written.filter((id) => !declared(id))).toEqual([]);
  });

  it('lists no rule the sources never emit', () => {
    expect(Object.keys(RULES).filter((id) => !sources.includes(`'${id}'`))).toEqual([]);
    expect(Object.keys(SCHEMA_CODES).filter((code) => !sources.includes(`'${code}'`) && !sources.includes(`/${code}\``))).toEqual([]);
    const templates = sources
      .split('\n')
      .filter((line) => !line.includes('severity:'))
      .join('\n');
    expect(Object.keys(siteRules).filter((name) => (templates.match(new RegExp(`'${name}'`, 'g')) ?? []).length < 2)).toEqual([]);
  });

  it("holds the generator's rules alone: the site's own are declared by its definition, and none is named as a schema code", () => {
    expect(Object.keys(siteRules).length).toBeGreaterThan(0);
    for (const name of Object.keys(siteRules)) {
      expect(Object.hasOwn(SCHEMA_CODES, name), name).toBe(false);
      expect(
        Object.keys(RULES).some((id) => id.endsWith(`/${name}`)),
        name,
      ).toBe(false);
    }
  });

  it('gives every rule a hint of one short line that says what to do, what the problem means and an example', () => {
    for (const [id, { hint, means, example }] of [...Object.entries(RULES), ...Object.entries(SCHEMA_CODES), ...Object.entries(siteRules)]) {
      expect(hint, id).toMatch(/^[a-z][^\n]{10,130}[^.\s]$/);
      expect(means, id).toMatch(/^[A-Z][^\n]{10,130}\.$/);
      expect(example, id).toMatch(/^[^\n]{5,130}$/);
    }
  });

  it('finds the hint of a schema rule by its code, whatever the kind of file', () => {
    expect(hintFor('article/invalid-value')).toBe(SCHEMA_CODES['invalid-value'].hint);
    expect(hintFor('news/too-small')).toBe(SCHEMA_CODES['too-small'].hint);
    expect(hintFor('link/broken')).toBe(RULES['link/broken'].hint);
    expect(diagnostic('a.md', FILE_START, 'site/unknown-key', 'm').hint).toBe(SCHEMA_CODES['unknown-key'].hint);
  });

  it('refuses a made-up rule id at compile time', () => {
    // @ts-expect-error -- not in the catalogue: `npm run typecheck` fails if this compiles
    expect(diagnostic('a.md', FILE_START, 'link/brokn', 'm').hint).toBe('');
  });
});
