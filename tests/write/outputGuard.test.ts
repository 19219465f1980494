import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../src/fileTree.ts';
import { OUTPUT_MARKER } from '../../src/write/outputStore.ts';
import { treeHashes } from '../helpers/fixture.ts';
import { projectCopy, type Project } from '../helpers/project.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where Node 22 and later keep V8's compilations of the compiled generator (bin/generator.mjs): written by whichever command runs first. */
const V8_CACHE = /^project\/node_modules\/\.cache\/sitegen\/code\/[^/]+\/v8(\/|$)/;

/**
 * Everything under `dir` as it is: each file's hash, each link's target, each folder, empty ones too (links are not followed),
 * but V8's cache of the generator's code.
 */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readTree(dir)) {
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(dir, file);
    if (V8_CACHE.test(name.split(path.sep).join('/'))) continue;
    if (entry.isSymbolicLink()) result[name] = `link to ${await readlink(file)}`;
    else if (entry.isDirectory()) result[name] = 'folder';
    else
      result[name] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
  }
  return result;
}

let project: Project;
beforeAll(async () => {
  // The fixture site: the guard is about folders, and each build below is of a whole site.
  project = await projectCopy({ content: 'fixture' });
  await project.git('init', '-q');
  await project.git('add', 'content', 'src');
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
    ['a folder inside node_modules/', () => 'node_modules/.cache/site', /: it is inside the project's node_modules\/ folder/],
    ['a folder inside a linked package of node_modules/', () => 'node_modules/react/site', /: it is inside the project's node_modules\/ folder/],
    ['.sitegen-cache/', () => '.sitegen-cache', /: it is the project's \.sitegen-cache\/ folder/],
    [
      'an unmarked folder with files in it',
      (p) => path.join(p.parent, 'photos'),
      /: it is not empty and sitegen did not make it .*: empty it, or choose another --out$/,
    ],
    ['a name kept for a store of versions', () => '.site.sitegen', /: that name is kept for the folder where sitegen keeps the versions of an output/],
    [
      'an output whose store place holds something else',
      (p) => path.join(p.parent, 'photos/album'),
      /: sitegen keeps its versions in \.album\.sitegen beside it, and something else is there/,
    ],
  ];

  for (const [name, out, reason] of refused) {
    it(`refuses ${name} with exit 2 and one line, and changes no file`, async () => {
      await mkdir(path.join(project.parent, 'photos'), { recursive: true });
      await writeFile(path.join(project.parent, 'photos/holiday.jpg'), 'not really a photo');
      await writeFile(path.join(project.parent, 'photos/.album.sitegen'), 'a file that happens to have the store’s name');
      // The whole temp folder: the project, its .git, and the folder around it, links and empty folders too.
      const before = await snapshot(project.parent);
      const { code, stdout, stderr } = await project.run(['build', '--out', out(project)]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
      expect(stderr).toMatch(/^sitegen: refusing to write the site into /);
      expect(stderr.trimEnd()).toMatch(reason);
      expect(await snapshot(project.parent)).toEqual(before);
      // The copy's packages are links to the checkout's: nothing was written through them.
      expect(existsSync(path.join(ROOT, 'node_modules/react/site'))).toBe(false);
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
      expect(Object.keys(await treeHashes(out))).toEqual(expect.arrayContaining(['index.html', 'news-insights/index.html', OUTPUT_MARKER]));
    }
    // A second build replaces the output it made.
    expect((await project.run(['build', '--out', marked])).code).toBe(0);
  });

  it('keeps the versions of an output of any name out of sight of the linter', async () => {
    expect((await project.run(['build', '--out', 'site'])).code).toBe(0);
    await project.lintLeftovers();
  });

  it('refuses the store of versions and a version in it', async () => {
    expect((await project.run(['build'])).code).toBe(0);
    for (const out of ['.dist.sitegen', path.join('.dist.sitegen', await readlink(project.out).then((target) => path.basename(target)))]) {
      const { code, stderr } = await project.run(['build', '--out', out]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/: (that name is kept for the|it is inside a) folder where sitegen keeps the versions of an output/);
    }
  });
});
