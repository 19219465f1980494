import { lstat, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy();
});
afterAll(() => project?.remove());

describe('links in public/', () => {
  it('are errors, named with their path, when they lead outside the project or nowhere', async () => {
    await symlink('/etc/passwd', project.file('public/pw.txt'));
    await symlink('no-such-file.svg', project.file('public/gone.svg'));
    for (const command of ['check', 'build']) {
      const { code, stderr } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(stderr.split('\n').filter((line) => line.startsWith('public/'))).toEqual([
        'public/gone.svg:1:1  this link in public/ points at no-such-file.svg, which does not exist: fix the link or remove it  [public/dangling-link]',
        'public/pw.txt:1:1  this link in public/ leads outside the project (to /etc/passwd), and would publish that file: copy the file into public/ instead  [public/link-outside]',
      ]);
    }
    await rm(project.file('public/pw.txt'));
    await rm(project.file('public/gone.svg'));
  });

  it('are published as the files they point at when they stay inside the project', async () => {
    await symlink('favicon.svg', project.file('public/icon.svg'));
    const { code, stderr } = await project.run(['build']);
    expect(code, stderr).toBe(0);
    const published = path.join(project.out, 'icon.svg');
    expect((await lstat(published)).isFile()).toBe(true);
    expect(await readFile(published, 'utf8')).toBe(await readFile(project.file('public/favicon.svg'), 'utf8'));
  });
});
