import { formatExampleProblems, withContentCopy, withEnv } from '../../helpers/docExamples.ts';

/** `sitegen check` under GitHub Actions: one workflow command per problem, named from the checkout (the copy stands for it). */
export default () =>
  withContentCopy(async (copy) => {
    await formatExampleProblems(copy);
    const { stdout } = await withEnv({ GITHUB_WORKSPACE: copy.dir }, () => copy.run('check', '--format', 'github'));
    return stdout;
  });
