import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BUILD_FILES, copyProject } from '../../bin/projectCopy.mjs';
import { syntheticArticle } from '../../bin/syntheticArticles.mjs';
import { compileGenerator } from '../../src/runtime/compile.mjs';

export { seededRandom } from '../../bin/syntheticArticles.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Processed images of the checkout's builds (src/pipeline/cache/imageCache.ts). */
const IMAGES = path.join(ROOT, '.sitegen-cache/images');
/** What a project needs to build: everything but its dependencies, which are linked. */
const PROJECT_FILES = [...BUILD_FILES, '.vscode', '.gitignore', 'eslint.config.js', '.prettierrc.json', '.prettierignore'];

let compiled: Promise<string> | undefined;
/**
 * The checkout's generator, compiled once per test file and copied into each project copy: a copy
 * starts with the compilation of its own sources, as a second run of sitegen does, instead of
 * compiling it again. A copy has its own files, which a test may damage (tests/runtime/compile.test.ts).
 */
async function seedCompilation(root: string): Promise<void> {
  const dir = await (compiled ??= compileGenerator(ROOT));
  await cp(dir, path.join(root, path.relative(ROOT, dir)), { recursive: true });
}

/**
 * Copies the processed images of the checkout's builds (.ci/run builds the site before the tests): sharp's work is half a
 * first build of the real site, and the output is the same either way (their names hash their source and how it is
 * processed). A build of another test may remove an image the site no longer shows while this copies: it is not copied.
 */
async function seedImages(to: string): Promise<void> {
  const entries = await readdir(IMAGES, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isFile())) {
    const from = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(IMAGES, from));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(from, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The fixture site (as tests/helpers/fixture.ts has it), and pages of it that synthetic articles added to it link to. */
const FIXTURE = path.join(ROOT, 'tests/fixtures/site');
export const FIXTURE_LINKS = ['/news-insights', '/legal', '/articles/first-steps', '/articles/second-look'];

/**
 * A private copy of the whole project in a temp folder, for experiments that may destroy it
 * (never the checkout). Its sitegen runs as users run it: `node bin/sitegen.mjs` in a child
 * process, which a test can kill.
 * `content: 'fixture'` puts the fixture site (tests/fixtures/site, 8 pages) in place of the real
 * content, for a guarantee that needs a project but not the real site; `articles` synthetic
 * articles are added to the content; `env` is added to sitegen's environment.
 */
export async function projectCopy(options: { content?: 'real' | 'fixture'; articles?: number; env?: Record<string, string> } = {}) {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'sitegen-project-'));
  const root = path.join(parent, 'project');
  await mkdir(root);
  await copyProject(ROOT, root, PROJECT_FILES);
  await seedCompilation(root);
  const fixture = options.content === 'fixture';
  if (fixture) {
    // The editor schemas come from the templates, not the content: the project's own stay (sitegen check wants them).
    await rm(path.join(root, 'content'), { recursive: true });
    await cp(FIXTURE, path.join(root, 'content'), { recursive: true });
    await cp(path.join(ROOT, 'content/.schemas'), path.join(root, 'content/.schemas'), { recursive: true });
  }
  // The real site's processed images, as a person's second build finds them; the fixture site's few are made, as a test of
  // a cold cache expects.
  if (!fixture) await seedImages(path.join(root, '.sitegen-cache/images'));
  for (let i = 0; i < (options.articles ?? 0); i++)
    await writeFile(path.join(root, 'content/articles', `synthetic-${i}.md`), fixture ? syntheticArticle(i, FIXTURE_LINKS) : syntheticArticle(i));
  // Reproducible output (the footer's year), so that builds can be compared byte for byte.
  const env = { ...process.env, SOURCE_DATE_EPOCH: '1767225600', NO_COLOR: '1', ...options.env };
  const start = (args: string[], cwd = root): ChildProcess =>
    spawn(process.execPath, [path.join(root, 'bin/sitegen.mjs'), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    parent,
    root,
    out: path.join(root, 'dist'),
    cache: path.join(root, '.sitegen-cache'),
    file: (rel: string) => path.join(root, rel),
    /** Starts `sitegen ARGS` in the project. */
    start,
    /** Runs `sitegen ARGS` in the project to its end. */
    run: (args: string[], cwd = root) => finished(start(args, cwd)),
    async edit(rel: string, change: (text: string) => string) {
      const file = path.join(root, rel);
      await writeFile(file, change(await readFile(file, 'utf8')));
    },
    git: (...args: string[]) => command('git', args, root),
    /** The project's linter, as CI runs it, on the whole project or on the files named. */
    lint: (...files: string[]) => command(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), ...(files.length ? files : ['.'])], root),
    /**
     * The project's linter, as CI runs it, on all but the project's code (src/, templates/, bin/,
     * which CI lints in the checkout and no build writes to): what builds left where it looks.
     */
    lintLeftovers: () =>
      command(
        process.execPath,
        [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.', ...['src/', 'templates/', 'bin/'].flatMap((code) => ['--ignore-pattern', code])],
        root,
      ),
    /** `npm ARGS` in the project, as a person types it (`npm run format`). */
    npm: (...args: string[]) => command('npm', args, root),
    /** The formatter's check, as `npm run lint` runs it after the linter, of the files and folders named. */
    formatCheck: (...files: string[]) => command(process.execPath, [path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', ...files], root),
    remove: () => rm(parent, { recursive: true, force: true }),
  };
}

export type Project = Awaited<ReturnType<typeof projectCopy>>;

/**
 * Adds to a copy of the fixture site two articles with a photo (one with a focus of its own, cut
 * into another social card): its build of 10 pages then makes every kind of cache file the real
 * site's build makes.
 */
export async function addPhotoArticles(project: Project): Promise<void> {
  const text = await readFile(project.file('content/articles/second-look.md'), 'utf8');
  for (const [slug, title, focus] of [
    ['partner-signage', 'Partner Signage on the First Tee', ''],
    ['signage-in-focus', 'Signage in Focus', '\nthumbnailFocus: { x: 0.5, y: 0.35 }'],
  ])
    await writeFile(
      project.file(`content/articles/${slug}.md`),
      text
        .replace(/^title: .*$/m, `title: ${title}`)
        .replace(/^thumbnail: .*$/m, `thumbnail: /images/articles/pga-canada-case-study.jpg${focus}`)
        .replace(/^thumbnailAlt: .*$/m, 'thumbnailAlt: A golfer on a tee box in front of partner signage'),
    );
}

/**
 * Runs a command to its end; rejects with what it printed when it fails. Without colour: the output is matched as
 * text, and a CI machine may set FORCE_COLOR, which ESLint and Prettier obey over NO_COLOR.
 */
function command(file: string, args: string[], cwd: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return new Promise((resolve, reject) =>
    execFile(file, args, { cwd, env }, (error, stdout, stderr) =>
      error ? reject(new Error(`${file} ${args.join(' ')}: ${stdout}${stderr}`)) : resolve(stdout),
    ),
  );
}

/** What a child process printed, and how it ended. */
export function finished(child: ChildProcess): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}
