import { execFileSync } from 'node:child_process';
import { mkdir, readlink, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

// The system's refusals (a full disk, a file where a folder belongs) are one line naming the path,
// the fault in words and what was kept, and exit 4: not a stack trace and exit 1, which is content's.

let project: Project;
beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
});
afterAll(() => project?.remove());

/** A tmpfs of `size` mounted at `dir`, when this process may mount one (root, in a container that allows it); false otherwise. */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a build the system refuses', () => {
  it('says which file a full disk refused, in one line, exit 4, the previous output unchanged', async (context) => {
    const disk = path.join(project.parent, 'small');
    await mkdir(disk);
    // Filling a real disk needs one of its own: a tmpfs, which only root may mount.
    if (!mountTmpfs(disk, '4m')) return context.skip('mounting a tmpfs needs root (mount -t tmpfs): no disk to fill');
    try {
      const out = path.join(disk, 'site');
      const first = await project.run(['build', '--out', out]);
      expect(first.code, first.stderr).toBe(0);
      const before = { link: await readlink(out), files: await treeHashes(out) };
      const { bavail, bsize } = await statfs(disk);
      await writeFile(path.join(disk, 'filler'), Buffer.alloc(Math.max(0, Number(bavail) * Number(bsize) - 8 * 1024)));
      await project.edit('content/articles/first-steps.md', (text) => `${text}\nA paragraph that changes the page.\n`);
      const { code, stdout, stderr } = await project.run(['build', '--out', out]);
      expect({ code, stdout }).toEqual({ code: 4, stdout: '' });
      const lines = stderr.trimEnd().split('\n');
      expect(lines.filter((line) => line.startsWith('sitegen'))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^sitegen: cannot write ${disk}/\\.site\\.sitegen/\\d+-\\d+-[0-9a-f]+/\\S+: the disk is full \\(ENOSPC\\); the previous output in ${out} is unchanged$`,
          ),
        ),
      ]);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect({ link: await readlink(out), files: await treeHashes(out) }).toEqual(before);
    } finally {
      execFileSync('umount', [disk]);
    }
  }, 120_000);

  it('says a file stands where a folder of the output belongs, in one line, exit 4', async () => {
    await writeFile(project.file('notes.txt'), 'a file, not a folder\n');
    const { code, stdout, stderr } = await project.run(['build', '--out', 'notes.txt/site']);
    expect({ code, stdout, stderr }).toEqual({
      code: 4,
      stdout: '',
      stderr: 'sitegen: cannot write notes.txt/site: a file stands where one of its folders belongs (ENOTDIR); nothing was written to notes.txt/site\n',
    });
  });

  it('says a file system that takes no folder refused it, in one line, exit 4, instead of waiting for ever', async () => {
    // Node's recursive mkdir never returns under /proc.
    const { code, stdout, stderr } = await project.run(['build', '--out', '/proc/sitegen-site']);
    expect({ code, stdout }).toEqual({ code: 4, stdout: '' });
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(
      'sitegen: cannot write /proc/.sitegen-site.sitegen: the file system takes no new folder there (ENOENT); nothing was written to /proc/sitegen-site',
    );
  });
});
