import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, projectCopy, seededRandom, type Project } from '../helpers/project.ts';

// The generator compiled into node_modules/.cache/sitegen/ is run by every command: a file there
// damaged by a crash, a full disk or a hand must make it compile again, never fail the command.
let project: Project;
const base = () => project.file('node_modules/.cache/sitegen/code');
const compilations = async () => (await readdir(base())).filter((name) => /^[0-9a-f]{16}-[0-9a-f]{8}$/.test(name)).sort();
const DAMAGED = /^sitegen: node_modules\/\.cache\/sitegen\/code\/[0-9a-f]{16}-[0-9a-f]{8} is damaged \(.+\); the generator is compiled again$/;

beforeAll(async () => {
  // The fixture site: the compilation is the point, and the last test checks the content.
  project = await projectCopy({ content: 'fixture' });
  const first = await project.run(LOADS_GENERATOR);
  expect(first.code, first.stderr).toBe(0);
}, 120_000);
afterAll(() => project?.remove());

/** The one compilation there is, and the files its list names (the list itself too). */
async function current(): Promise<{ dir: string; files: string[] }> {
  const [name, ...others] = await compilations();
  expect(others).toEqual([]);
  const dir = path.join(base(), name!);
  const { files } = JSON.parse(await readFile(path.join(dir, 'compiled.json'), 'utf8')) as { files: Record<string, unknown> };
  return { dir, files: ['compiled.json', ...Object.keys(files)] };
}

/**
 * A command that loads the generator and does next to nothing: the help of a command (`--version`
 * and `sitegen --help` are answered without loading it).
 */
const LOADS_GENERATOR = ['build', '--help'];
const HELP = /^Usage: sitegen build/;

/** `sitegen build --help` runs, says nothing else, and compiles nothing: the compilation is intact. */
async function expectIntact() {
  const before = await compilations();
  const { code, stdout, stderr } = await project.run(LOADS_GENERATOR);
  expect([code, stdout, stderr]).toEqual([0, expect.stringMatching(HELP), '']);
  expect(await compilations()).toEqual(before);
}

const random = seededRandom(25);
/** Files outside the cache that links in it named, with their bytes: removing a link must leave them be. */
const outsideFiles = new Map<string, Buffer>();
/** Ways a compiled file goes bad. */
const damages: [string, (file: string) => Promise<void>][] = [
  [
    'one byte flipped',
    async (file) => {
      const bytes = await readFile(file);
      bytes[Math.floor(random() * bytes.length)]! ^= 1 << Math.floor(random() * 8);
      await writeFile(file, bytes);
    },
  ],
  ['emptied', (file) => truncate(file, 0)],
  ['truncated by its last byte', async (file) => truncate(file, (await readFile(file)).length - 1)],
  ['deleted', (file) => rm(file)],
  [
    'replaced by a folder',
    async (file) => {
      await rm(file);
      await mkdir(file);
      await writeFile(path.join(file, 'x'), 'x');
    },
  ],
  [
    'replaced by a link to a copy of its bytes outside',
    async (file) => {
      const copy = path.join(project.parent, `outside-${outsideFiles.size}`);
      await cp(file, copy);
      outsideFiles.set(copy, await readFile(copy));
      await rm(file);
      await symlink(copy, file);
    },
  ],
  [
    'replaced by a FIFO (reading it would wait forever)',
    async (file) => {
      await rm(file);
      execFileSync('mkfifo', [file]);
    },
  ],
];

describe('a damaged compiled generator never fails a command', () => {
  for (const [i, [damage, apply]] of damages.entries()) {
    it(`compiles again and answers when a compiled file is ${damage}`, async () => {
      // The list of files or the CLI's entry, and a file picked at random (seeded): over 120 files, one compile each.
      // Chunks are named anew by each compilation: the file is picked from the one it damages.
      const draw = random();
      const picked = [i % 2 ? 'src/cli/main.mjs' : 'compiled.json', (files: string[]) => files[1 + Math.floor(draw * (files.length - 1))]!];
      for (const pick of picked) {
        const { dir, files } = await current();
        const file = typeof pick === 'string' ? pick : pick(files);
        await apply(path.join(dir, file));
        const { code, stdout, stderr } = await project.run(LOADS_GENERATOR);
        expect(code, `${file}: ${stderr}`).toBe(0);
        expect(stdout, file).toMatch(HELP);
        expect(stderr.trim().split('\n'), file).toEqual([expect.stringMatching(DAMAGED)]);
        // Healed: one intact compilation, the damaged one gone...
        expect((await current()).dir).not.toBe(dir);
      }
      // ...and the next run compiles nothing (the second file was damaged in the compilation that healed the first).
      await expectIntact();
      for (const [copy, bytes] of outsideFiles) expect((await readFile(copy)).equals(bytes), copy).toBe(true);
    }, 300_000);
  }

  it('lets three processes started at once with a damaged compilation all succeed; one of them says so', async () => {
    const { dir } = await current();
    await truncate(path.join(dir, 'src/cli/main.mjs'), 100);
    const runs = await Promise.all([0, 1, 2].map(() => finished(project.start(LOADS_GENERATOR))));
    expect(runs.map((r) => [r.code, HELP.test(r.stdout)])).toEqual([0, 1, 2].map(() => [0, true]));
    expect(runs.flatMap((r) => r.stderr.split('\n').filter(Boolean))).toEqual([expect.stringMatching(DAMAGED)]);
    // Each may have compiled its own: every one left is intact, and the next run compiles nothing.
    expect(await compilations()).not.toContain(path.basename(dir));
    const before = await compilations();
    const again = await project.run(LOADS_GENERATOR);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(await compilations()).toEqual(before);
  }, 120_000);

  it('compiles again when a file, or a dangling link, stands where the cache folder belongs', async () => {
    for (const replace of [(dir: string) => writeFile(dir, 'x'), (dir: string) => symlink(path.join(project.parent, 'nowhere'), dir)]) {
      await rm(base(), { recursive: true, force: true });
      await replace(base());
      const { code, stdout, stderr } = await project.run(LOADS_GENERATOR);
      expect([code, HELP.test(stdout)], stderr).toEqual([0, true]);
      await expectIntact();
    }
  }, 120_000);

  it('runs a whole command from a compilation it healed', async () => {
    const { dir } = await current();
    await writeFile(path.join(dir, 'src/cli/main.mjs'), 'throw new Error("damaged");\n');
    const { code, stderr } = await project.run(['check']);
    expect(code, stderr).toBe(0);
    // On stderr, the one line about the compilation, then the check's summary (and the drafts and scheduled
    // articles a build would hold back); stdout has the content's warnings, if any: both are the editors'.
    expect(stderr.trim().split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(DAMAGED),
      expect.stringMatching(/^content is valid/),
      ...(stderr.includes('\na build holds back ') ? [expect.stringMatching(/^a build holds back /)] : []),
    ]);
  }, 120_000);
});
