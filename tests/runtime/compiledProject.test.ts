import { execFileSync, spawn } from 'node:child_process';
import { readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Compiler from '../../src/runtime/compile.mjs';
import { finished, projectCopy, type Project, type RunResult } from '../helpers/project.ts';

// What watch and build compile lives in the project's node_modules/.cache/sitegen/ and must be the
// project's own: a copy, a renamed project and a project sharing another's node_modules each run
// the code of their own files, never another project's modules.
let project: Project;
const folder = (name: string) => path.join(project.parent, name);
const NOT_FOUND = 'templates/pages/NotFound.tsx';

beforeAll(async () => {
  project = await projectCopy({ content: 'fixture' });
}, 60_000);
afterAll(() => project?.remove());

/** `sitegen ARGS` started in the project at `root`, by its own bin/sitegen.mjs. */
const start = (root: string, args: string[]) =>
  spawn(process.execPath, [path.join(root, 'bin/sitegen.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** `sitegen ARGS` run to its end in the project at `root`. */
const sitegen = (root: string, args: string[]): Promise<RunResult> => finished(start(root, args));

/** `sitegen watch` in the project at `root`, stopped once its first build is done (it serves only after it); what it printed. */
async function watchOnce(root: string): Promise<RunResult> {
  const child = start(root, ['watch', '--port', '0']);
  const ended = finished(child);
  let announced = '';
  child.stdout!.on('data', (chunk: Buffer) => (announced += chunk.toString()));
  for (let i = 0; i < 1200 && !announced.includes('serving at') && child.exitCode === null; i++) await sleep(50);
  child.kill('SIGINT');
  return ended;
}

/** The 404 page's eyebrow as a build of the project at `root` wrote it into `out`. */
async function eyebrow(root: string, out: string): Promise<string | undefined> {
  return /<p class="eyebrow">([^<]*)<\/p>/.exec(await readFile(path.join(root, out, '404.html'), 'utf8'))?.[1];
}

describe("a project's compiled code", () => {
  it("is the copy's own in a copy (cp -a), with the original still there and its template edited", async () => {
    // What watch compiles as it starts there: its worker's generator and the templates.
    const compile = (await import(pathToFileURL(project.file('src/runtime/compile.mjs')).href)) as typeof Compiler;
    const compiler = compile.watchCompiler(project.root);
    await compiler.generator();
    await compiler.dispose();
    execFileSync('cp', ['-a', project.root, folder('copy')]);
    await project.edit(NOT_FOUND, (t) => t.replace('Error 404', 'Error 404, edited in the original'));

    const watched = await watchOnce(folder('copy'));
    expect(watched.stderr).not.toContain('sitegen:');
    expect(watched.stdout, watched.stderr).toContain('serving at');
    expect(await eyebrow(folder('copy'), '.sitegen-watch/site')).toBe('Error 404');
    const built = await sitegen(folder('copy'), ['build']);
    expect(built.code, built.stderr).toBe(0);
    expect(await eyebrow(folder('copy'), 'dist')).toBe('Error 404');
  }, 180_000);

  it('is its own in a renamed project (mv), the folder it was compiled in gone', async () => {
    await rm(project.root, { recursive: true });
    await rename(folder('copy'), folder('renamed'));
    const watched = await watchOnce(folder('renamed'));
    expect(watched.stderr).not.toContain('sitegen:');
    expect(watched.stdout, watched.stderr).toContain('serving at');
    expect(await eyebrow(folder('renamed'), '.sitegen-watch/site')).toBe('Error 404');
  }, 120_000);

  it("is each project's own when two share one node_modules: a build runs, and names, its own templates", async () => {
    // A second project whose node_modules is the first's (a link), with a 404 template that throws.
    const other = folder('other');
    execFileSync('cp', ['-a', folder('renamed'), other]);
    await rm(path.join(other, 'node_modules'), { recursive: true });
    await symlink(path.join(folder('renamed'), 'node_modules'), path.join(other, 'node_modules'));
    const throwing = (await readFile(path.join(other, NOT_FOUND), 'utf8'))
      .replace('export const NotFound', "function refuse(): never {\n  throw new Error('thrown by the other project');\n}\n\nexport const NotFound")
      .replace('const url = useSiteUrl();', 'refuse();');
    await writeFile(path.join(other, NOT_FOUND), throwing);
    const line = throwing.split('\n').findIndex((l) => l.includes('thrown by the other project')) + 1;

    const own = await sitegen(folder('renamed'), ['build']);
    expect(own.code, own.stderr).toBe(0);
    expect(await eyebrow(folder('renamed'), 'dist')).toBe('Error 404');
    const failed = await sitegen(other, ['build']);
    expect(failed.code).toBe(1);
    // The frame is the other project's own file, and its code frame the line that threw.
    expect(failed.stderr).toMatch(new RegExp(`^ {4}at refuse \\(templates/pages/NotFound\\.tsx:${line}:\\d+\\)$`, 'm'));
    expect(failed.stderr).toMatch(new RegExp(`^ {4}> +${line} \\| +throw new Error\\('thrown by the other project'\\);$`, 'm'));
  }, 180_000);
});
