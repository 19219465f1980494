import path from 'node:path';
import { fixtureCopy, runCli } from '../../helpers/fixture.ts';

/** What the "sitegen: check" task prints for an article with a category out of its set and a link to no page: the lines its problem matcher reads. */
export default async (): Promise<string> => {
  const fx = await fixtureCopy();
  try {
    await fx.edit('articles/second-look.md', (text) => text.replace('category: Strategy', 'category: Stratgy'));
    await fx.edit('articles/first-steps.md', (text) => text.replace('A clean inventory', 'A [clean inventory](/inventry)'));
    const { stdout } = await runCli('check', '--content', fx.content, '--format', 'text');
    // Named from the project, as the task (run in the workspace folder) names them.
    return `$ npx sitegen check\n${stdout.replaceAll(`${path.relative(process.cwd(), fx.content)}/`, 'content/').trimEnd()}`;
  } finally {
    await fx.remove();
  }
};
