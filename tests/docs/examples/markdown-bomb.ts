import { checkOutput } from '../../helpers/checkOutput.ts';

/** `sitegen check` on an article whose last paragraph is 2,000 `*`, an x, and 2,000 `*`: refused at once, at the run, not parsed for seconds. */
export default () => checkOutput((fx) => fx.edit('articles/first-steps.md', (t) => `${t}\n${'*'.repeat(2000)}x${'*'.repeat(2000)}\n`));
