import { rename } from 'node:fs/promises';
import { projectCopy } from '../../helpers/project.ts';

/** `sitegen check` after a build, once an article linked to is renamed: the message names the new page, the hint the redirect. */
export default async () => {
  const project = await projectCopy({ content: 'fixture' });
  try {
    const built = await project.run(['build']);
    if (built.code !== 0) throw new Error(`the fixture's build exited ${built.code}: ${built.stderr}`);
    await rename(project.file('content/articles/second-look.md'), project.file('content/articles/second-looks.md'));
    const { code, stdout } = await project.run(['check']);
    if (code !== 1) throw new Error(`check after renaming an article exited ${code}: the example no longer shows the broken link`);
    return `$ git mv content/articles/second-look.md content/articles/second-looks.md\n$ npx sitegen check\n${stdout.trimEnd()}`;
  } finally {
    await project.remove();
  }
};
