import { formatExampleProblems, withExampleSite } from '../../helpers/docExamples.ts';

/** `sitegen check --format json`: the array on stdout, indented here (the tool prints it on one line), and the counts on stderr. */
export default () =>
  withExampleSite(async (copy) => {
    await formatExampleProblems(copy);
    const { stdout, stderr } = await copy.run('check', '--format', 'json');
    return `$ npx sitegen check --format json 2>/dev/null\n${JSON.stringify(JSON.parse(stdout), null, 2)}\n\n$ npx sitegen check --format json >/dev/null\n${stderr}`;
  });
