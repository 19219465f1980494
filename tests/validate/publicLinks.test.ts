import { lstat, mkdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
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

  it('are errors when they lead into .git/, node_modules/, the cache, an output or a dotfile, even inside the project', async () => {
    const first = await project.run(['build']);
    expect(first.code, first.stderr).toBe(0);
    await mkdir(project.file('.git'));
    await writeFile(project.file('.git/config'), '[core]\n');
    await writeFile(project.file('.env'), 'TOKEN=secret\n');
    await writeFile(project.file('node_modules/secret.txt'), 'secret\n');
    // As the hostile trial wrote it: dist/gitconfig began [core].
    await symlink('../.git/config', project.file('public/gitconfig'));
    await symlink('../.env', project.file('public/env.txt'));
    await symlink('../node_modules/secret.txt', project.file('public/secret.txt'));
    await symlink('../.sitegen-cache', project.file('public/cache'));
    await symlink('../dist/index.html', project.file('public/home.html'));
    const before = { link: await readlink(project.out), files: await treeHashes(project.out) };
    const version = path.basename(before.link);
    for (const command of ['check', 'build']) {
      const { code, stderr } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(
        stderr.split('\n').filter((line) => line.startsWith('public/')),
        command,
      ).toEqual([
        'public/cache:1:1  this link in public/ leads to .sitegen-cache, a name starting with a dot, and would publish it: copy the file into public/ instead  [public/link-private]',
        'public/env.txt:1:1  this link in public/ leads to .env, a name starting with a dot, and would publish it: copy the file into public/ instead  [public/link-private]',
        'public/gitconfig:1:1  this link in public/ leads to .git/config, inside .git/, a folder whose name starts with a dot, and would publish it: copy the file into public/ instead  [public/link-private]',
        `public/home.html:1:1  this link in public/ leads to .dist.sitegen/${version}/index.html, inside .dist.sitegen/, a folder whose name starts with a dot, and would publish it: copy the file into public/ instead  [public/link-private]`,
        "public/secret.txt:1:1  this link in public/ leads to node_modules/secret.txt, inside node_modules/, the project's dependencies, and would publish it: copy the file into public/ instead  [public/link-private]",
      ]);
    }
    expect(await readlink(project.out)).toBe(before.link);
    expect(await treeHashes(project.out)).toEqual(before.files);
    for (const link of ['gitconfig', 'env.txt', 'secret.txt', 'cache', 'home.html']) await rm(project.file(`public/${link}`));
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
