import { checkOutput } from '../../helpers/checkOutput.ts';

/** `sitegen check` on a category typo and a link one letter off a page: each problem says what was meant. */
export default () =>
  checkOutput((fx) =>
    fx.edit('articles/first-steps.md', (t) =>
      t.replace('category: Strategy', 'category: Stratgy').replace('(/articles/second-look)', '(/articles/second-lok)'),
    ),
  );
