import { lstat, mkdir, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from '../../src/write/outputStore.ts';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

let project: Project;
beforeAll(async () => {
  project = await projectCopy();
  await project.git('init', '-q');
  await project.git('add', 'content', 'src');
  // The CLI's first run compiles the generator: let that happen outside the timed tests.
  expect((await project.run(['check'])).code).toBe(0);
});
afterAll(() => project?.remove());

describe('sitegen build --out refuses folders it did not make, before writing anything', () => {
  const refused: [string, (p: Project) => string, RegExp][] = [
    ['the project folder', () => '.', /: it is the project folder/],
    ['the folder around the project', () => '..', /: it contains the project folder/],
    ['content/', () => 'content', /: it is the project's content\/ folder/],
    ['a folder inside content/', () => 'content/articles', /: it is inside the project's content\/ folder/],
    ['src/', () => 'src', /: it is the project's src\/ folder/],
    ['public/', () => 'public', /: it is the project's public\/ folder/],
    ['.git/', () => '.git', /: it is the project's \.git\/ folder/],
    ['a folder inside node_modules/ (a link to the checkout’s)', () => 'node_modules/.cache/site', /: it is inside the project's node_modules\/ folder/],
    ['.sitegen-cache/', () => '.sitegen-cache', /: it is the project's \.sitegen-cache\/ folder/],
    ['an unmarked folder with files in it', (p) => path.join(p.parent, 'photos'), /: it is not empty and sitegen did not make it .*: empty it, or choose another --out$/],
  ];

  for (const [name, out, reason] of refused) {
    it(`refuses ${name} with exit 2 and one line, and changes no file`, async () => {
      await mkdir(path.join(project.parent, 'photos'), { recursive: true });
      await writeFile(path.join(project.parent, 'photos/holiday.jpg'), 'not really a photo');
      // The whole temp folder: the project, its .git, and the folder around it.
      const before = await treeHashes(project.parent);
      for (const command of ['build', 'watch']) {
        const { code, stdout, stderr } = await project.run([command, '--out', out(project)]);
        expect(code, command).toBe(2);
        expect(stdout).toBe('');
        expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
        expect(stderr).toMatch(/^sitegen: refusing to write the site into /);
        expect(stderr.trimEnd()).toMatch(reason);
      }
      expect(await treeHashes(project.parent)).toEqual(before);
    });
  }
});

describe('sitegen build --out replaces what it may', () => {
  it('builds into a missing folder, an empty one and one that carries its marker, and then links the output to its version', async () => {
    const missing = path.join(project.parent, 'out-missing');
    const empty = path.join(project.parent, 'out-empty');
    const marked = path.join(project.parent, 'out-marked');
    await mkdir(empty);
    await mkdir(marked);
    await writeFile(path.join(marked, OUTPUT_MARKER), '{"generator":"sitegen"}\n');
    await writeFile(path.join(marked, 'index.html'), 'an old build');
    for (const out of [missing, empty, marked]) {
      const { code, stderr } = await project.run(['build', '--out', out]);
      expect(code, stderr).toBe(0);
      expect((await lstat(out)).isSymbolicLink()).toBe(true);
      expect(await readlink(out)).toMatch(new RegExp(`^\\.${path.basename(out)}\\.sitegen/\\d{13}-\\d+-[0-9a-f]+$`));
      expect(Object.keys(await treeHashes(out))).toEqual(expect.arrayContaining(['index.html', 'about/index.html', OUTPUT_MARKER]));
    }
    // A second build replaces the output it made.
    expect((await project.run(['build', '--out', marked])).code).toBe(0);
  });
});
