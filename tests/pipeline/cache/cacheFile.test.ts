import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFileKind, treeHashes } from '../../helpers/fixture.ts';
import { addPhotoArticles, projectCopy, seededRandom, type Project } from '../../helpers/project.ts';
import { inTurns } from '../../helpers/turns.ts';
import { PROGRESS_LINE } from '../../../src/progress.ts';

/** A copy of the project, its cache as a build left it, and one file of that cache of each kind. */
interface Lane {
  project: Project;
  pristine: string;
  files: Map<string, string>;
}
/** Two lanes, which damage files side by side: one build per group of damaged files, on two cores. */
let lanes: Lane[];
let cold: Record<string, string>;
/** The kinds of cache file (`cacheFileKind`), one file of each damaged in turn. */
let kinds: string[];
/**
 * The kinds damaged together, in one build each. A page and the page index each alone: the page
 * is read only when the others are intact, the index only when the output is kept. The others
 * take turns, in their names' order, between two builds, so that no file is damaged beside its
 * sibling (facts and bodies, the two social cards, the formats of one image).
 */
let groups: string[][];

async function lane(): Promise<Lane> {
  // The fixture site, and two articles with a photo: every kind of cache file the real site makes, in a build of 10 pages.
  const project = await projectCopy({ content: 'fixture' });
  await addPhotoArticles(project);
  expect((await project.run(['build'])).code).toBe(0);
  const pristine = path.join(project.parent, 'pristine-cache');
  await cp(project.cache, pristine, { recursive: true });
  const files = (await readdir(project.cache, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(project.cache, path.join(e.parentPath, e.name)))
    .sort();
  // One file of each kind: one build per damaged file must stay bounded.
  return { project, pristine, files: new Map(files.map((f) => [cacheFileKind(f), f])) };
}

beforeAll(async () => {
  lanes = await Promise.all([lane(), lane()]);
  cold = await treeHashes(lanes[0]!.project.out);
  expect(await treeHashes(lanes[1]!.project.out)).toEqual(cold);
  kinds = [...lanes[0]!.files.keys()];
  const others = kinds.filter((kind) => !kind.startsWith('pages/')).sort();
  groups = [0, 1].map((turn) => others.filter((_, i) => i % 2 === turn));
  groups.push(...kinds.filter((kind) => kind.startsWith('pages/')).map((kind) => [kind]));
}, 120_000);
afterAll(() => Promise.all((lanes ?? []).map((l) => l.project.remove())));

const random = seededRandom(7);
const noise = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(random() * 256)));
/** Ways a cache file goes bad: by accident (a crash, a full disk, a bad sector) or by hand. */
const damages: [string, (file: string, lane: Lane) => Promise<void>, boolean][] = [
  ['deleted', (file) => rm(file), false],
  ['truncated to zero bytes', (file) => truncate(file, 0), true],
  ['cut in half', async (file) => truncate(file, Math.floor((await readFile(file)).length / 2)), true],
  ['overwritten with random bytes', (file) => writeFile(file, noise), true],
  ['replaced by valid JSON of another shape', (file) => writeFile(file, JSON.stringify({ entries: [1, 2, 3], version: 'x' })), true],
  [
    'given a well-formed header and checksum over data of another shape',
    async (file) => {
      // A rendered page's blob has no header of its own: it gets one.
      const firstLine = (await readFile(file)).toString('latin1').split('\n')[0]!;
      const header = (firstLine.startsWith('{') ? JSON.parse(firstLine) : { format: 'sitegen-cache/1' }) as Record<string, string>;
      const body = JSON.stringify([{ hash: 1 }]);
      await writeFile(file, `${JSON.stringify({ ...header, sha256: createHash('sha256').update(body).digest('hex') })}\n${body}`);
    },
    true,
  ],
  [
    // What only the checksum sees (a bad sector, a hand edit): the file parses, with the same shape, as before.
    'changed in one digit of a value, its checksum left as it was',
    async (file) => {
      const bytes = await readFile(file);
      // After the header line (a page's blob has none: its name is its checksum), the last digit: in a value, not a key.
      const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
      let at = bytes.length - 1;
      while (at > bytes.indexOf(0x0a) && !isDigit(bytes[at]!)) at--;
      bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
      await writeFile(file, bytes);
    },
    true,
  ],
  [
    'replaced by a cache file of another kind',
    async (file, { project, pristine, files }) => {
      // Taken from the cache as the build left it: the file it comes from may be damaged too.
      const other = [...files.values()].find((f) => path.join(project.cache, f) !== file && path.basename(f) !== path.basename(file))!;
      await writeFile(file, await readFile(path.join(pristine, other)));
    },
    true,
  ],
];

describe('a damaged .sitegen-cache/ never breaks a build', () => {
  it('has a file of each kind to damage', () => {
    // The kinds the real site's cache holds, every one: a kind added to the cache is added here, and damaged.
    expect([...kinds].sort()).toEqual([
      'analyses/ID/bodies-S.json',
      'analyses/ID/facts-S.json',
      'assets/ID.json',
      'images/assets/img/ID-W.avif',
      'images/assets/img/ID-W.jpg',
      'images/assets/img/ID-W.webp',
      'images/assets/img/ID-og50x35.jpg',
      'images/assets/img/ID-og50x50.jpg',
      'pages/XX/ID',
      'pages/index.json',
      'public-files.json',
    ]);
  });

  for (const [damage, apply, reported] of damages) {
    it(`builds the cold build's bytes when each cache file is ${damage}`, async () => {
      await inTurns(groups, lanes.length, async (group, index) => {
        const lane = lanes[index]!;
        const { project } = lane;
        const files = group.map((kind) => lane.files.get(kind)!).sort();
        await rm(project.cache, { recursive: true, force: true });
        await cp(lane.pristine, project.cache, { recursive: true });
        // As a CI job starts, with no output: every page comes from the page cache. Without one
        // (when the files damaged are not its own), every page renders, which reads every other file.
        // The page index records the last output too: its build keeps the output, which a damaged record must not make it trust.
        if (!files.includes('pages/index.json'))
          await Promise.all(['dist', '.dist.sitegen'].map((name) => rm(project.file(name), { recursive: true, force: true })));
        if (!files.some((file) => file.startsWith('pages/'))) await rm(path.join(project.cache, 'pages'), { recursive: true });
        for (const file of files) await apply(path.join(project.cache, file), lane);
        const { code, stderr, stdout } = await project.run(['build', '--verbose']);
        expect(code, `${files.join(', ')}: ${stdout}`).toBe(0);
        // No problem: a damaged cache file is repaired, not reported.
        expect(
          stdout.split('\n').filter((line) => line && !PROGRESS_LINE.test(line)),
          files.join(', '),
        ).toEqual([]);
        // One line for each damaged file.
        const dropped = stderr
          .split('\n')
          .filter((line) => line.startsWith('cache: dropped'))
          .map((line) => /^cache: dropped \.sitegen-cache\/(.+?): /.exec(line)?.[1] ?? line)
          .sort();
        expect(dropped, files.join(', ')).toEqual(reported ? files : []);
        expect(await treeHashes(project.out), files.join(', ')).toEqual(cold);
      });
    }, 120_000);
  }

  it('keeps working after a damaged file was rebuilt: the next build renders nothing again', async () => {
    const { project, files } = lanes[0]!;
    await truncate(path.join(project.cache, files.get(kinds[0]!)!), 10);
    expect((await project.run(['build'])).code).toBe(0);
    const { stderr } = await project.run(['build', '--verbose']);
    expect(stderr).toMatch(/^rendered 0 of \d+ pages/m);
    expect(stderr).not.toContain('cache:');
  });
});
