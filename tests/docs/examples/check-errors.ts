import { misspellCategory, withExampleSite } from '../../helpers/docExamples.ts';

/** `sitegen check` on the fixture site with a category misspelt and a footer link to a page that does not exist. */
export default () =>
  withExampleSite(async (copy) => {
    await misspellCategory(copy);
    await copy.edit('site.yaml', (t) => t.replace('- label: Legal Stuff\n          href: /legal\n', '- label: Legal Stuff\n          href: /legals\n'));
    const { stdout } = await copy.run('check');
    return `$ npx sitegen check\n${stdout}`;
  });
