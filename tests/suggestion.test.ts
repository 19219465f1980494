import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../src/suggestion.ts';

const categories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];

describe('did you mean', () => {
  it('finds the value a typo was meant to be: a letter missing, added, changed, or two swapped', () => {
    expect(['Stratgy', 'Strateggy', 'Strotegy', 'Stratgey', 'Case Studdy', 'analytic'].map((typo) => closest(typo, categories))).toEqual([
      'Strategy',
      'Strategy',
      'Strategy',
      'Strategy',
      'Case Study',
      'Analytics',
    ]);
  });

  it('prefers a value that differs only in case', () => {
    expect(closest('reports', categories)).toBe('Reports');
    expect(closest('ab', ['AB', 'ac'])).toBe('AB');
  });

  it('suggests nothing for far-off input, nor for the value itself', () => {
    expect(closest('Marketing', categories)).toBeUndefined();
    expect(closest('Strategy', categories)).toBeUndefined();
    expect(closest('', categories)).toBeUndefined();
    expect(closest('/x', ['/'])).toBeUndefined();
    expect(closest('Stratgy', [])).toBeUndefined();
  });

  it('allows more edits in longer names, never more than three', () => {
    expect(closest('/pricing-previw', ['/pricing-preview', '/privacy-policy'])).toBe('/pricing-preview');
    expect(closest('/pricing', ['/privacy-policy', '/pricing-preview'])).toBeUndefined();
    expect(closest('/articles/valu-bnks', ['/articles/value-banks'])).toBe('/articles/value-banks');
    expect(closest('/articles/vl-bnks', ['/articles/value-banks'])).toBeUndefined();
    expect(closest('Raports', ['Reports'])).toBe('Reports');
    expect(closest('Rxpxrxs', ['Reports'])).toBeUndefined();
  });

  it('resolves ties the same way whatever the order of the candidates', () => {
    const candidates = ['/contact', '/contacts', '/Contact-', '/contract'];
    const answers = new Set(
      [candidates, [...candidates].reverse(), [candidates[2]!, candidates[0]!, candidates[3]!, candidates[1]!]].map((list) => closest('/contactt', list)),
    );
    expect([...answers]).toEqual(['/contact']);
    expect(closest('/bat', ['/cat', '/bag', '/bit'])).toBe('/bag');
    expect(closest('/bat', ['/bit', '/cat', '/bag'])).toBe('/bag');
  });

  it('words the suggestion as the end of a message', () => {
    expect(didYouMean('Stratgy', categories)).toBe('; did you mean "Strategy"?');
    expect(didYouMean('Marketing', categories)).toBe('');
  });

  it('counts edits as Damerau–Levenshtein (optimal string alignment), stopping past the limit', () => {
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('ab', 'ba', 3)).toBe(1);
    expect(editDistance('', 'abc', 3)).toBe(3);
    expect(editDistance('abc', '', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('a'.repeat(50), 'b'.repeat(50), 3)).toBe(4);
  });

  it('stays fast on hostile input: huge values, many candidates, odd characters', () => {
    const huge = 'S'.repeat(1_000_000);
    const many = Array.from({ length: 20_000 }, (_, i) => `/articles/article-${i}`);
    const started = performance.now();
    expect(closest(huge, categories)).toBeUndefined();
    expect(closest('Strategy', [huge, 'Strategie'])).toBe('Strategie');
    expect(closest('/articles/article-12345x', many)).toBe('/articles/article-12345');
    expect(closest('x'.repeat(200), many)).toBeUndefined();
    expect(closest('\u0000\uffff😀', ['\u0000\uffff😀!'])).toBe('\u0000\uffff😀!');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
