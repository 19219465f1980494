import { describe, expect, it } from 'vitest';
import bareUrl from './examples/check-bare-url.ts';
import didYouMean from './examples/check-did-you-mean.ts';

// What docs/editors/errors.md shows of check's output: each example says what the page tells an editor.
describe('the examples of check output in the editors’ docs', () => {
  it('a category typo and a link typo, each with what was meant, in one run', async () => {
    expect((await didYouMean()).split('\n')).toEqual([
      'content/articles/first-steps.md:6:11  category: "Stratgy" is not allowed; expected one of: Strategy, Reports, Partnerships, Analytics, Case Study; did you mean "Strategy"?  [article/invalid-value]',
      '      5 | excerpt: How a property lists its sponsorship assets before the first sales call, and why a clean in…',
      '    > 6 | category: Stratgy',
      '        |           ^^^^^^^',
      '      7 | thumbnail: /images/articles/value-banks.svg',
      '    hint: copy one of the values allowed: they are case-sensitive',
      '    docs: docs/editors/rules.md#kindinvalid-value',
      'content/articles/first-steps.md:17:63  broken link "/articles/second-lok": no page or file has the path /articles/second-lok; did you mean "/articles/second-look"?  [link/broken]',
      '    > 17 | …age you sell draws on the same list of assets. Read [the second article](/articles/second-lok) next.',
      '         |                                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '    hint: link to a page (pages/NAME.yaml is /NAME, a collection’s file is at its route) or to a file in public/',
      '    docs: docs/editors/rules.md#linkbroken',
      '2 errors in 1 file',
    ]);
  });

  it('a bare URL, as a warning at the address, the carets under it', async () => {
    expect(await bareUrl()).toMatch(
      /^content\/articles\/first-steps\.md:13:50 {2}warning: "https:\/\/www\.touchline\.io\/pricing" is shown as plain text, not as a link: write <https:\/\/www\.touchline\.io\/pricing>, or \[the words to link\]\(https:\/\/www\.touchline\.io\/pricing\) {2}\[markdown\/bare-url\]\n {4}> 13 \| .*see https:\/\/www\.touchline\.io\/pricing\.\n {9}\| {50}\^{32}\n {4}hint: .*\n {4}docs: docs\/editors\/rules\.md#markdownbare-url\n1 warning in 1 file$/,
    );
  });
});
