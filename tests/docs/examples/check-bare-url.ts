import { checkOutput } from '../../helpers/checkOutput.ts';

/** `sitegen check` on an address written as plain text in an article: a warning at the address, with both ways to link it. */
export default () =>
  checkOutput((fx) =>
    fx.edit('articles/first-steps.md', (t) =>
      t.replace(
        'A clean inventory is the base of every sponsorship sale.',
        'A clean inventory is the base of every sale: see https://www.touchline.io/pricing.',
      ),
    ),
  );
