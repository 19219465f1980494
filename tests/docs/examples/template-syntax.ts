import { projectCopy } from '../../helpers/project.ts';

/** `sitegen check` in a copy of the project whose footer leaves a JSX expression open. */
export default async () => {
  const project = await projectCopy({ content: 'fixture' });
  try {
    await project.edit('templates/components/Footer.tsx', (t) => t.replace('<Logo name={site.name} inverted />', '<Logo name={site.name</div>'));
    const { code, stderr } = await project.run(['check']);
    if (code !== 1) throw new Error(`check with a Footer.tsx that does not compile exited ${code}: the example no longer shows the fault`);
    return `$ npx sitegen check\n${stderr.trimEnd()}`;
  } finally {
    await project.remove();
  }
};
