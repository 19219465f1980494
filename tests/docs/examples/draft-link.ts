import { linkToUnpublished, withExampleSite } from '../../helpers/docExamples.ts';

/** A published article that links to a draft: the link is an error in a production check. */
export default () =>
  withExampleSite(async (copy) => {
    await linkToUnpublished(copy, { date: '2024-05-14', draft: true });
    const { stdout } = await copy.run('check');
    return `$ npx sitegen check\n${stdout}`;
  });
