import { withContentCopy } from '../../helpers/docExamples.ts';

/** `sitegen check` on the real content with a category misspelt and a footer link to a page that does not exist. */
export default () =>
  withContentCopy(async (copy) => {
    await copy.edit('articles/value-banks.md', (t) => t.replace('category: Analytics', 'category: Analytic'));
    await copy.edit('site.yaml', (t) => t.replace('href: /legal\n', 'href: /legals\n'));
    const { stdout } = await copy.run('check');
    return `$ npx sitegen check\n${stdout}`;
  });
