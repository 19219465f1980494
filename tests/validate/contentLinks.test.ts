import { readFile, readlink, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

// A link in content/ is read only when it leads to a file or folder of content/ itself, as public/
// keeps its links: `ln -s /elsewhere/secret.md content/articles/leaked.md` put the outside file on a page.

let project: Project;
beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
});
afterAll(() => project?.remove());

const SECRET = 'the text of a file outside the project';

describe('links in content/', () => {
  it('are errors at the link when they lead outside content/ or nowhere, and what they lead to is never read or published', async () => {
    const first = await project.run(['build']);
    expect(first.code, first.stderr).toBe(0);
    const outside = path.join(project.parent, 'elsewhere');
    await mkdir(path.join(outside, 'notes'), { recursive: true });
    const article = (title: string) => `---\ntitle: ${title}\ndate: 2025-02-01\nauthor: Priya Nair\nexcerpt: Leaked.\ncategory: Strategy\n---\n\n${SECRET}.\n`;
    await writeFile(path.join(outside, 'secret.md'), article('Leaked'));
    await writeFile(path.join(outside, 'notes/noted.md'), article('Noted'));
    await writeFile(path.join(outside, 'secret.yaml'), `title: ${SECRET}\n`);
    await symlink(path.join(outside, 'secret.md'), project.file('content/articles/leaked.md'));
    await symlink(path.join(outside, 'secret.yaml'), project.file('content/pages/leaked.yaml'));
    await symlink('no-such-article.md', project.file('content/articles/gone.md'));
    // A whole collection's folder linked away.
    await rm(project.file('content/legal'), { recursive: true });
    await symlink(path.join(outside, 'notes'), project.file('content/legal'));
    const before = { link: await readlink(project.out), files: await treeHashes(project.out) };
    for (const command of ['check', 'build']) {
      const { code, stdout } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(
        stdout.split('\n').filter((line) => /\[content\/(link-outside|dangling-link|unread-file)\]$/.test(line)),
        command,
      ).toEqual([
        'content/articles/gone.md:1:1  this link in content/ points at no-such-article.md, which does not exist: fix the link or remove it  [content/dangling-link]',
        `content/articles/leaked.md:1:1  this link in content/ leads outside content/ (to ${path.join(outside, 'secret.md')}), and would publish it: copy the file into content/ instead  [content/link-outside]`,
        `content/legal:1:1  this link in content/ leads outside content/ (to ${path.join(outside, 'notes')}), and would publish it: copy the file into content/ instead  [content/link-outside]`,
        `content/pages/leaked.yaml:1:1  this link in content/ leads outside content/ (to ${path.join(outside, 'secret.yaml')}), and would publish it: copy the file into content/ instead  [content/link-outside]`,
      ]);
      expect(stdout, command).not.toContain(SECRET);
    }
    expect({ link: await readlink(project.out), files: await treeHashes(project.out) }).toEqual(before);
  });

  it('are read when they lead to a file or folder of content/ itself', async () => {
    await rm(project.file('content/legal'));
    await mkdir(project.file('content/legal'));
    await writeFile(project.file('content/legal/privacy-policy.md'), await readFile(path.resolve('tests/fixtures/site/legal/privacy-policy.md')));
    for (const link of ['content/articles/leaked.md', 'content/pages/leaked.yaml', 'content/articles/gone.md']) await rm(project.file(link));
    await symlink('first-steps.md', project.file('content/articles/first-steps-again.md'));
    const { code, stdout, stderr } = await project.run(['build']);
    expect(code, stdout + stderr).toBe(0);
    expect(await readFile(path.join(project.out, 'articles/first-steps-again/index.html'), 'utf8')).toContain('First Steps With Sponsorship Inventory');
  });
});
