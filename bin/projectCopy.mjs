// A copy of the project in another folder, for the benchmark, the comparison and tests that may
// destroy what they build (never the checkout).
import { cp, mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';

/** What a project needs to build, besides its dependencies. */
export const BUILD_FILES = ['bin', 'src', 'templates', 'public', 'content', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * Copies `names` of the project at `from` into `to`, and links each of its packages: node_modules
 * is a folder of the copy, so the generator compiled into node_modules/.cache stays in the copy
 * and never touches the checkout's compilations.
 */
export async function copyProject(from, to, names = BUILD_FILES) {
  await Promise.all(names.map((name) => cp(path.join(from, name), path.join(to, name), { recursive: true })));
  await mkdir(path.join(to, 'node_modules'));
  for (const name of await readdir(path.join(from, 'node_modules')))
    if (name !== '.cache') await symlink(path.join(from, 'node_modules', name), path.join(to, 'node_modules', name));
}
