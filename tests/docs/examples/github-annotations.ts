import { formatExampleProblems, withExampleSite, withEnv } from '../../helpers/docExamples.ts';

/** `sitegen check` under GitHub Actions: one workflow command per problem, named from the checkout (the copy stands for it), its title linking the rule's entry in the commit. */
export default () =>
  withExampleSite(async (copy) => {
    await formatExampleProblems(copy);
    const { stdout } = await withEnv(
      { GITHUB_WORKSPACE: copy.dir, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'touchline/web', GITHUB_SHA: '3f2a9c1' },
      () => copy.run('check', '--format', 'github'),
    );
    return stdout;
  });
