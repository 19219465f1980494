import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/yaml/yamlSource.ts';
import { pricingSchema } from '../../../templates/schemas/pricing.ts';
import { validateYaml } from '../../../src/yaml/zodDiagnostics.ts';

const FILE = path.resolve(import.meta.dirname, '../../../content/pricing.yaml');
const original = readFileSync(FILE, 'utf8');

/** Validates content/pricing.yaml with one edit; returns each problem as line:column, rule and message. */
function validateEdited(from: string, to: string) {
  expect(original).toContain(from);
  const text = original.replace(from, to);
  const result = validateYaml(parseYaml('pricing.yaml', text), pricingSchema, 'pricing');
  return result.ok ? [] : result.diagnostics.map((d) => ({ at: `${d.line}:${d.column}`, rule: d.rule, message: d.message }));
}

/** 1-based line and column of the n-th occurrence of `needle` in a text, `offset` characters in. */
function positionOf(text: string, needle: string, occurrence = 1, offset = 0): string {
  let index = -1;
  for (let i = 0; i < occurrence; i++) index = text.indexOf(needle, index + 1);
  index += offset;
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('content/pricing.yaml schema', () => {
  it('accepts the real pricing file', () => {
    expect(validateEdited('currency: USD', 'currency: USD')).toEqual([]);
  });

  it.each([
    [
      'a plan with neither prices nor a tailored display',
      '        prices: { annual: 375, quarterly: 475 }\n',
      'name: Essentials',
      'pricing/no-price',
      'group "For Properties" › plan "Essentials": it has neither prices nor a display: add prices: { annual, quarterly } or display: tailored',
    ],
    [
      'a plan coming soon without an action',
      '        cta: { label: Talk to us, href: /contact }\n',
      'name: Enterprise+',
      'pricing/no-action',
      'group "For Brands" › plan "Enterprise+": it is coming soon and has no cta: give visitors a way to hear when it opens, such as cta: { label: Notify me, href: /newsletter }',
    ],
  ])('rejects %s, at the plan', (_, removed, plan, rule, message) => {
    expect(validateEdited(removed, '')).toEqual([{ at: positionOf(original.replace(removed, ''), plan), rule, message }]);
  });

  it.each([
    ['a fraction of a dollar', '224.5', 'must be a whole number of dollars'],
    ['a negative price', '-225', 'must be 0 or more'],
  ])('rejects %s, at the value', (_, value, message) => {
    const to = `prices: { annual: ${value}, quarterly: 270 }`;
    const [problem, ...rest] = validateEdited('prices: { annual: 225, quarterly: 270 }', to);
    expect(rest).toEqual([]);
    expect(problem).toEqual({
      at: positionOf(original.replace('prices: { annual: 225, quarterly: 270 }', to), value),
      rule: expect.stringMatching(/^pricing\//),
      message: `group "For Properties" › plan "Starter" › prices › annual: ${message}`,
    });
  });

  it('rejects a quarterly price below the annual one, at the quarterly price', () => {
    const to = 'prices: { annual: 675, quarterly: 600 }';
    expect(validateEdited('prices: { annual: 675, quarterly: 845 }', to)).toEqual([
      {
        at: positionOf(original.replace('prices: { annual: 675, quarterly: 845 }', to), '600'),
        rule: 'pricing/quarterly-below-annual',
        message:
          'group "For Properties" › plan "Pro" › prices › quarterly: must not be below the annual price: paying every 3 months never costs less per month than paying yearly',
      },
    ]);
  });

  it('rejects a detail key that does not exist, naming the keys that do', () => {
    const [problem, ...rest] = validateEdited('details: e2e-essentials', 'details: e2e-essential');
    expect(rest).toEqual([]);
    expect(problem!.at).toBe(positionOf(original, 'e2e-essentials'));
    expect(problem!.rule).toBe('pricing/unknown-detail');
    expect(problem!.message).toMatch(
      /^group "For Properties" › plan "Essentials" › details: unknown detail "e2e-essential"; expected one of: e2e-starter, e2e-essentials, e2e-pro,/,
    );
  });

  it('rejects a second popular plan in a group, at the second flag', () => {
    const from = '        prices: { annual: 375, quarterly: 475 }\n';
    const to = `${from}        popular: true\n`;
    const edited = original.replace(from, to);
    expect(validateEdited(from, to)).toEqual([
      {
        at: positionOf(edited, 'popular: true', 2, 'popular: '.length),
        rule: 'pricing/popular',
        message: 'group "For Properties" › plan "Pro" › popular: only one plan per group can be the most popular; "Essentials" already is',
      },
    ]);
  });

  it('rejects unknown keys, at the key, listing the allowed ones', () => {
    const to = 'name: Starter\n        price: 225';
    const [problem, ...rest] = validateEdited('name: Starter', to);
    expect(rest).toEqual([]);
    expect(problem!.at).toBe(positionOf(original.replace('name: Starter', to), 'price: 225'));
    expect(problem!.message).toBe(
      'unknown key "price"; did you mean "prices"? (allowed: name, description, prices, display, popular, limits, features, support, cta, details)',
    );
  });

  it('rejects a default group that is hidden or missing', () => {
    expect(validateEdited('defaultGroup: end-to-end-platform', 'defaultGroup: sponsorship-crm')).toEqual([
      {
        at: positionOf(original, 'end-to-end-platform'),
        rule: 'pricing/default-group',
        message: 'defaultGroup: "sponsorship-crm" is not a visible group; expected one of: end-to-end-platform, brands',
      },
    ]);
  });
});
