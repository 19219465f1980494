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
  it('are errors, named with their path, when they lead outside public/ or nowhere', async () => {
    await symlink('/etc/passwd', project.file('public/pw.txt'));
    await symlink('no-such-file.svg', project.file('public/gone.svg'));
    for (const command of ['check', 'build']) {
      const { code, stdout } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(stdout.split('\n').filter((line) => line.startsWith('public/'))).toEqual([
        'public/gone.svg:1:1  this link in public/ points at no-such-file.svg, which does not exist: fix the link or remove it  [public/dangling-link]',
        'public/pw.txt:1:1  this link in public/ leads outside public/ (to /etc/passwd), and would publish it: copy the file into public/ instead  [public/link-outside]',
      ]);
    }
    await rm(project.file('public/pw.txt'));
    await rm(project.file('public/gone.svg'));
  });

  it('never publish a draft, the generator, a secret or an output through a link to a folder of the project', async () => {
    const first = await project.run(['build']);
    expect(first.code, first.stderr).toBe(0);
    // As the hostile trial wrote it: ln -s ../content public/src-content, then a draft article.
    await writeFile(
      project.file('content/articles/unannounced-partner.md'),
      '---\ntitle: An unannounced partner\ndate: 2026-11-20\nauthor: Maya Okafor\nexcerpt: Not yet public.\ncategory: Analytics\ndraft: true\n---\n\nThe partner is not announced yet.\n',
    );
    await mkdir(project.file('.git'));
    await writeFile(project.file('.git/config'), '[core]\n');
    await writeFile(project.file('.env'), 'TOKEN=secret\n');
    await symlink('../content', project.file('public/src-content'));
    await symlink('../src', project.file('public/src'));
    await symlink('../.git/config', project.file('public/gitconfig'));
    await symlink('../.env', project.file('public/env.txt'));
    await symlink('../dist/index.html', project.file('public/home.html'));
    const before = { link: await readlink(project.out), files: await treeHashes(project.out) };
    const version = path.basename(before.link);
    for (const command of ['check', 'build']) {
      const { code, stdout } = await project.run([command]);
      expect(code, command).toBe(1);
      expect(
        stdout.split('\n').filter((line) => line.startsWith('public/')),
        command,
      ).toEqual(
        [
          ['env.txt', '.env'],
          ['gitconfig', '.git/config'],
          ['home.html', `.dist.sitegen/${version}/index.html`],
          ['src', 'src'],
          ['src-content', 'content'],
        ].map(
          ([link, target]) =>
            `public/${link}:1:1  this link in public/ leads outside public/ (to ${target}), and would publish it: copy the file into public/ instead  [public/link-outside]`,
        ),
      );
    }
    expect(await readlink(project.out)).toBe(before.link);
    expect(await treeHashes(project.out)).toEqual(before.files);
    for (const link of ['src-content', 'src', 'gitconfig', 'env.txt', 'home.html']) await rm(project.file(`public/${link}`));
    await rm(project.file('content/articles/unannounced-partner.md'));
  });

  it('are published as the files they point at when they stay inside public/', async () => {
    await symlink('favicon.svg', project.file('public/icon.svg'));
    const { code, stdout } = await project.run(['build']);
    expect(code, stdout).toBe(0);
    const published = path.join(project.out, 'icon.svg');
    expect((await lstat(published)).isFile()).toBe(true);
    expect(await readFile(published, 'utf8')).toBe(await readFile(project.file('public/favicon.svg'), 'utf8'));
  });
});
