import { projectCopy } from '../../helpers/project.ts';

const FAULT = "  if (article.slug === 'value-banks') throw new Error('the card has no sponsor');\n";

/**
 * `sitegen build` in a copy of the project whose article template throws for one article: the
 * page, its content file and the template's line. The lines of progress before it, and the
 * frames' folder before templates/ (the copy's), are left out: `…/` stands for it.
 */
export default async () => {
  const project = await projectCopy();
  try {
    await project.edit('templates/pages/Article.tsx', (t) => t.replace(/(export function Article\([^)]*\) \{\n)/, `$1${FAULT}`));
    const { code, stderr } = await project.run(['build']);
    if (code !== 1) throw new Error(`the build with a faulty Article.tsx exited ${code}: the example no longer shows a fault`);
    const lines = stderr.trimEnd().split('\n');
    const fault = lines.slice(lines.findIndex((l) => l.startsWith('sitegen: '))).slice(0, 2);
    return `$ npx sitegen build\n${fault.join('\n').split(`${project.root}/`).join('…/')}`;
  } finally {
    await project.remove();
  }
};
