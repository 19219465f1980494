import { cp, readdir, utimes } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { treeHashes } from '../../helpers/fixture.ts';
import { projectCopy, type Project } from '../../helpers/project.ts';

// CI restores .sitegen-cache/ (actions/cache) into a fresh clone, at whatever path the runner
// checks it out: the build must find everything in it, whatever the path it was made at.
let made: Project;
let clone: Project;
beforeAll(async () => {
  [made, clone] = await Promise.all([projectCopy({ articles: 40 }), projectCopy({ articles: 40 })]);
}, 60_000);
afterAll(() => Promise.all([made?.remove(), clone?.remove()]));

/** The cache's files, but for the manifest of the last output (named after the output's path). */
const cacheFiles = async (project: Project) => (await readdir(project.cache, { recursive: true })).filter((f) => !f.startsWith('output-')).sort();

it('builds warm in a fresh clone at another path with the cache restored, and writes the same site', async () => {
  const cold = await made.run(['build', '--verbose']);
  expect(cold.code, cold.stderr).toBe(0);
  expect(cold.stdout).toMatch(/· 6\d markdown files analysed/);
  expect(cold.stdout).toMatch(/images ready \([1-9]\d* made, 0 from the cache\)/);
  const stored = await cacheFiles(made);

  expect(clone.root).not.toBe(made.root);
  // As a clone and actions/cache leave them: every file of the project and the cache with a new time.
  await cp(made.cache, clone.cache, { recursive: true, preserveTimestamps: false });
  const later = new Date(Date.now() + 60_000);
  for (const file of await readdir(clone.file('public'), { recursive: true })) await utimes(clone.file(`public/${file}`), later, later);
  const warm = await clone.run(['build', '--verbose']);
  expect(warm.code, warm.stderr).toBe(0);
  // No markdown file parsed again, no image made again...
  expect(warm.stdout).toMatch(/· 0 markdown files analysed/);
  expect(warm.stdout).toMatch(/images ready \(0 made, [1-9]\d* from the cache\)/);
  // ...and nothing added to the cache: the stylesheet and island bundles came from it too.
  expect(await cacheFiles(clone)).toEqual(stored);
  expect(await treeHashes(clone.out)).toEqual(await treeHashes(made.out));
}, 120_000);
