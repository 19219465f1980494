import { projectCopy } from '../../helpers/project.ts';

const FAULT = "  if (article.slug === 'second-look') throw new Error('the card has no sponsor');\n";

/**
 * `sitegen build` in a copy of the project, the fixture site for content, whose article template
 * throws for one article: the page, its content file, the template's frame and the line that
 * threw; React's frames folded. The lines of progress before it are left out.
 */
export default async () => {
  const project = await projectCopy({ content: 'fixture' });
  try {
    await project.edit('templates/pages/Article.tsx', (t) => t.replace(/(export function Article\([^)]*\) \{\n)/, `$1${FAULT}`));
    const { code, stderr } = await project.run(['build']);
    if (code !== 1)
      throw new Error(
        `the build with a faulty Article.tsx exited ${code}: the example no longer shows a fault (is tests/fixtures/site/articles/second-look.md gone? fault another article)`,
      );
    const lines = stderr.trimEnd().split('\n');
    const fault = lines.slice(lines.findIndex((l) => l.startsWith('sitegen: ')));
    return `$ npx sitegen build\n${fault.join('\n')}`;
  } finally {
    await project.remove();
  }
};
