import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatExampleProblems, withExampleSite, withEnv } from '../../helpers/docExamples.ts';

/** A run's step summary, from the variables GitHub Actions sets; the commit is a made-up one, 3f2a9c1e…. */
export default () =>
  withExampleSite(async (copy) => {
    await formatExampleProblems(copy);
    const summary = path.join(copy.dir, 'step-summary.md');
    const github = {
      GITHUB_WORKSPACE: copy.dir,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'touchline/web',
      GITHUB_SHA: '3f2a9c1e5b7d4a6f8e0c2b4d6f8a0c2e4b6d8f0a',
    };
    await withEnv(github, () => copy.run('check', '--format', 'github'));
    return readFile(summary, 'utf8');
  });
