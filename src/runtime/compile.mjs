// Compiles the generator (src/) and the templates once per change of their sources with
// esbuild, so every run — and every worker thread — starts from plain JavaScript instead of
// transforming TypeScript on each import. Pure-JavaScript dependencies are bundled in too:
// loading a few large files is several times faster than resolving hundreds of small modules.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ownFolder } from './ownedPaths.mjs';
import { CODE_MAP, compiledPath, declaringModules, ENTRIES, ISLAND_FILE, projectImports, sourceDigest, sourceHashes } from './sources.mjs';

// Left in node_modules: native binaries, packages that read their own files at run time, and
// what one command alone loads (the S3 client for `publish`, Chromium's driver and axe for
// `review`, TypeScript's parser for code that does not compile).
const EXTERNAL = [
  'esbuild',
  'tailwindcss',
  '@tailwindcss/*',
  'lightningcss',
  '@aws-sdk/*',
  'chokidar',
  'typescript',
  'playwright-core',
  '@axe-core/*',
  'axe-core',
  'pixelmatch',
];

/** Written last into each compilation: the size and SHA-256 of every file esbuild emitted. */
const MANIFEST = 'compiled.json';
const FORMAT = 'sitegen-compiled/1';
/** A finished compilation: the digest of its sources, then a random suffix (two processes may compile at once). */
const COMPILATION = /^([0-9a-f]{16})-[0-9a-f]{8}$/;
/** A compilation being written, or being removed, by the process named in it. */
const WORKING = /\.tmp-(\d+)-[0-9a-f]+$/;

/**
 * The project at `root` as its compilations see it: its real path (esbuild reads every source by
 * its real path), and the folder of its compilations (`cache`: the generator's in code/, watch's in
 * watch/), reached by the real path of its node_modules, as Node finds a module's source map and
 * packages from where its file really is. Compilations import each other relatively and packages
 * by name, and their source maps lead to the sources relatively: in the project's own
 * node_modules they move with it, so a copied, renamed or moved project uses them as they are.
 * A node_modules that leads out of the project (a store several projects share) holds a folder for
 * each project, named by its real path: each runs the code of its own files, and prunes only its
 * own compilations.
 */
function projectOf(root) {
  const real = realpathSync(root);
  const modules = realpathOr(path.join(real, 'node_modules'));
  const top = path.join(modules, '.cache', 'sitegen');
  const rel = path.relative(real, modules);
  const own = rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
  return { root: real, top, cache: own ? top : path.join(top, 'projects', createHash('sha256').update(real).digest('hex').slice(0, 16)) };
}

/** The real path of `file`, or `file` itself while it does not exist. */
function realpathOr(file) {
  try {
    return realpathSync(file);
  } catch (error) {
    if (error.code === 'ENOENT') return file;
    throw error;
  }
}

/**
 * How esbuild writes a template's import of a module of src/ (then the module's compiled path):
 * compile() writes it as the path of the worker's module relative to the importing file, which
 * esbuild does not know when it resolves the import.
 */
const WORKER_MODULE = 'sitegen-worker:';

const islandEntries = (root) =>
  readdirSync(path.join(root, 'templates/islands'))
    .filter((f) => ISLAND_FILE.test(f))
    .map((f) => `templates/islands/${f}`);

const digestOf = (hashes, ...more) =>
  createHash('sha256')
    .update(JSON.stringify([hashes, ...more]))
    .digest('hex')
    .slice(0, 16);

/** What esbuild does for every compilation: ESM for Node, one module per entry, with source maps. */
const COMMON = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  metafile: true,
  jsx: 'automatic',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  // Stacks of a crash point at src/ and templates/ lines (src/stackSources.ts reads the maps when a crash is described).
  sourcemap: 'linked',
  sourcesContent: false,
  // Silent: the command says what does not compile (compileFailure.mjs), and compile() prints the warnings.
  logLevel: 'silent',
};

/**
 * The generator as every command runs it: src/ and the templates in one compilation, with the
 * pure-JavaScript dependencies bundled in. `files` gives the sources' hashes, taken only when
 * there is something to compile (every command checks the digest; few compile).
 */
function generatorKind({ root, cache }) {
  return {
    base: path.join(cache, 'code'),
    // The digest covers this file too: it is one of the sources.
    digest: sourceDigest(root).slice(0, 16),
    files: () => sourceHashes(root),
    required: Object.values(ENTRIES).map(compiledPath),
    options: (outdir) => ({
      ...COMMON,
      entryPoints: [...Object.values(ENTRIES), ...islandEntries(root), ...declaringModules(root)].map((f) => path.join(root, f)),
      absWorkingDir: root,
      outbase: root,
      outdir,
      external: EXTERNAL,
      // Bundled CommonJS (React) requires Node's built-in modules.
      banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    }),
  };
}

/**
 * The generator as a watch worker runs it: src/ alone, every module an entry (the templates import
 * them by file), dependencies left in node_modules, where the templates find the same instances.
 */
function watchWorkerKind({ root, cache }) {
  const files = Object.fromEntries(Object.entries(sourceHashes(root)).filter(([f]) => !f.startsWith('templates/')));
  const modules = Object.keys(files).filter((f) => /^src\/.*\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  return {
    base: path.join(cache, 'watch', 'worker'),
    digest: digestOf(files),
    files: () => files,
    required: [compiledPath(ENTRIES.buildWorker)],
    options: (outdir) => ({ ...COMMON, entryPoints: modules.map((f) => path.join(root, f)), absWorkingDir: root, outbase: root, outdir, packages: 'external' }),
  };
}

/**
 * The templates as a watch worker loads them after an edit, beside the worker's generator
 * (`workerDir`): an import of src/ is the worker's compiled module of it, by its path relative
 * to the importing file, and a dependency is left in node_modules, so the templates share the
 * instances the running generator has, and stay a pair with it wherever the project moves.
 */
function templatesKind({ root, cache }, workerDir) {
  const files = Object.fromEntries(Object.entries(sourceHashes(root)).filter(([f]) => f.startsWith('templates/')));
  const src = path.join(root, 'src') + path.sep;
  const generator = {
    name: 'sitegen-generator',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, ({ path: spec, resolveDir }) => {
        const file = path.resolve(resolveDir, spec);
        if (!file.startsWith(src)) return undefined;
        return { path: `${WORKER_MODULE}${compiledPath(path.relative(root, file)).split(path.sep).join('/')}`, external: true };
      });
    },
  };
  return {
    base: path.join(cache, 'watch', 'templates'),
    digest: digestOf(files, path.basename(workerDir)),
    files: () => files,
    required: [compiledPath(ENTRIES.templates)],
    rewrite: (file, code) =>
      code.replace(new RegExp(`"${WORKER_MODULE}([^"]+)"`, 'g'), (_, module) => {
        const relative = path.relative(path.dirname(file), path.join(workerDir, module)).split(path.sep).join('/');
        return JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`);
      }),
    options: (outdir) => ({
      ...COMMON,
      entryPoints: [ENTRIES.templates, ...islandEntries(root), ...declaringModules(root)].map((f) => path.join(root, f)),
      absWorkingDir: root,
      outbase: root,
      outdir,
      packages: 'external',
      plugins: [generator],
    }),
  };
}

/**
 * Compiles the current sources of the project at `root` if no intact compilation of them
 * exists; returns the folder of the compiled modules. A damaged compilation (a file missing,
 * changed, or something else in its place) is said on one line through `warn`, set aside and
 * compiled again into a new folder: it never fails the command.
 */
export function compileGenerator(root, warn = (line) => process.stderr.write(`${line}\n`)) {
  const project = projectOf(root);
  return compile(project, generatorKind(project), warn);
}

/**
 * The compilations of a watch session: its worker's generator, and the templates after each edit
 * of them. Each goes through an incremental esbuild context, which parses only what changed.
 */
export function watchCompiler(root, warn = (line) => process.stderr.write(`${line}\n`)) {
  const project = projectOf(root);
  const worker = incremental(path.join(project.cache, 'watch', 'worker'));
  const templates = incremental(path.join(project.cache, 'watch', 'templates'));
  return {
    /** The generator a new worker runs, and the templates it starts with. */
    async generator() {
      const workerDir = await compile(project, watchWorkerKind(project), warn, worker);
      return { worker: workerDir, templates: await compile(project, templatesKind(project, workerDir), warn, templates) };
    },
    /** The templates again, for the worker running `workerDir`. */
    templates: (workerDir) => compile(project, templatesKind(project, workerDir), warn, templates),
    async dispose() {
      await Promise.all([worker.dispose(), templates.dispose()]);
    },
  };
}

/**
 * One compilation of `kind` (see generatorKind) for `project` (projectOf): an intact one of the
 * same digest, or a new one, its files changed by `kind.rewrite` (if any) as they are written.
 */
async function compile(project, kind, warn, session = undefined) {
  const { base, digest } = kind;
  // Each folder from node_modules/.cache/sitegen down to `base`, from the top, before any is read: a
  // link there is removed, so that no compilation is looked for, set aside or pruned where it leads.
  const { top } = project;
  for (const dir of [
    top,
    ...path
      .relative(top, base)
      .split(path.sep)
      .map((_, i, parts) => path.join(top, ...parts.slice(0, i + 1))),
  ])
    ownFolder(dir);
  for (const name of compilationsOf(base, digest)) {
    const dir = path.join(base, name);
    const damage = damageOf(dir, kind.required);
    if (!damage) return dir;
    // Of processes that found it damaged at once, the one that moved it away says so.
    if (await setAside(dir)) warn(`sitegen: ${path.relative(project.root, dir)} is damaged (${damage}); the generator is compiled again`);
  }
  const tmp = workingName(path.join(base, digest));
  // The hashes are taken before esbuild reads the files: an edit in between makes the code newer than its hashes, never older.
  const files = kind.files();
  const { outdir, outputFiles, metafile } = session ? await session.rebuild(kind.options) : await buildOnce(kind.options(tmp), warn);
  for (const file of outputFiles) {
    const target = path.join(tmp, path.relative(outdir, file.path));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, kind.rewrite && target.endsWith('.mjs') ? kind.rewrite(target, file.text) : file.contents);
  }
  await writeFile(path.join(tmp, CODE_MAP), JSON.stringify({ files, imports: projectImports(metafile) }));
  await writeFile(path.join(tmp, MANIFEST), JSON.stringify({ format: FORMAT, files: checksums(tmp) }));
  // A new name, never one in use: a process that verified an older compilation keeps loading from it.
  const dir = path.join(base, `${digest}-${randomBytes(4).toString('hex')}`);
  await rename(tmp, dir);
  await pruneCompilations(base);
  return dir;
}

/** esbuild's API, loaded only when something is compiled: a command whose compilation is intact starts without it. */
const loadEsbuild = () => import('esbuild');

/**
 * One esbuild build into `options.outdir`, its warnings said through `warn` as esbuild words them;
 * nothing is written (compile() writes the files).
 */
async function buildOnce(options, warn) {
  const esbuild = await loadEsbuild();
  const { outputFiles, metafile, warnings } = await esbuild.build({ ...options, write: false });
  if (warnings.length) warn((await esbuild.formatMessages(warnings, { kind: 'warning', color: false })).join('').trimEnd());
  return { outdir: options.outdir, outputFiles, metafile };
}

/**
 * Compilations that share esbuild's work (an incremental context): each parses only the files
 * that changed since the last. The context writes nothing; each compilation's files are written
 * into its own folder. Its output folder is a name beside the compilations, so that source map
 * paths, relative to it, hold in each.
 */
function incremental(base) {
  const outdir = path.join(base, 'session');
  let context;
  let entries;
  return {
    async rebuild(optionsFor) {
      const options = optionsFor(outdir);
      // A new island or declaring module is a new entry: the context is made again.
      const key = JSON.stringify(options.entryPoints);
      if (!context || key !== entries) {
        await context?.dispose();
        // Watch says what does not compile, once, in the terminal and the overlay.
        context = await (await loadEsbuild()).context({ ...options, write: false });
        entries = key;
      }
      const { outputFiles, metafile } = await context.rebuild();
      return { outdir, outputFiles, metafile };
    },
    async dispose() {
      await context?.dispose();
      context = undefined;
    },
  };
}

/** The finished compilations of `digest`, newest first. */
function compilationsOf(base, digest) {
  const names = readdirOr(base).filter((name) => COMPILATION.exec(name)?.[1] === digest);
  const time = (name) => lstatSync(path.join(base, name), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return names
    .map((name) => ({ name, mtime: time(name) }))
    .sort((a, b) => b.mtime - a.mtime)
    .map(({ name }) => name);
}

/** Why the compilation in `dir` cannot be used, or undefined when every file it lists is there with its bytes. */
function damageOf(dir, required) {
  let manifest;
  try {
    manifest = JSON.parse(readRegularFile(path.join(dir, MANIFEST)).toString('utf8'));
  } catch {
    return `${MANIFEST} is missing or damaged`;
  }
  const files = manifest?.format === FORMAT && typeof manifest.files === 'object' && manifest.files !== null ? manifest.files : {};
  const listed = (entry) => Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'string';
  if (!Object.values(files).every(listed) || !required.every((file) => listed(files[file]))) return `${MANIFEST} is damaged`;
  for (const [file, [size, sha256]] of Object.entries(files)) {
    let bytes;
    try {
      bytes = readRegularFile(path.join(dir, file), size);
    } catch (error) {
      return `${file} ${error.code === 'ENOENT' ? 'is missing' : error.code === 'ELOOP' ? 'is a link' : error.code ? `cannot be read (${error.code})` : error.message}`;
    }
    if (hash(bytes) !== sha256) return `${file} does not match its checksum`;
  }
  return undefined;
}

/**
 * The bytes of a regular file, opened without following a link and without waiting on a FIFO;
 * throws when something else is there, or when it is not `size` bytes long (if given).
 */
function readRegularFile(file, size) {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new Error('is not a file');
    if (size !== undefined && info.size !== size) throw new Error(`has ${info.size} bytes, not ${size}`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Each file under `dir` (relative, with /) → its size and SHA-256. */
function checksums(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const entries = files.map((e) => {
    const file = path.join(e.parentPath, e.name);
    const bytes = readFileSync(file);
    return [path.relative(dir, file).split(path.sep).join('/'), [bytes.length, hash(bytes)]];
  });
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

function hash(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Moves a damaged compilation out of the way under a working name, then removes it; whether this
 * call moved it (of processes that found it damaged together, one does; the others find it gone).
 */
async function setAside(dir) {
  const trash = workingName(dir);
  try {
    await rename(dir, trash);
  } catch {
    return false;
  }
  await rm(trash, { recursive: true, force: true });
  return true;
}

/** A name for a folder being written or removed: unique to this call, with the pid that owns it. */
function workingName(dir) {
  return `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

function readdirOr(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Keeps the compilations of the newest few sources (a running `watch` may still start workers
 * from one; processes that compiled at once may be loading theirs) and removes the rest, and the
 * working folders of compilations that were stopped.
 */
async function pruneCompilations(base, keep = 3) {
  const names = readdirOr(base);
  // A folder named by the digest alone is a compilation of an earlier layout, without checksums.
  const compilations = names.filter((d) => /^[0-9a-f]{16}(-[0-9a-f]{8})?$/.test(d));
  const mtime = (d) => lstatSync(path.join(base, d), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const digests = [
    ...new Set(
      compilations
        .map((d) => ({ d, mtime: mtime(d) }))
        .sort((a, b) => b.mtime - a.mtime)
        .map(({ d }) => d.slice(0, 16)),
    ),
  ];
  const old = compilations.filter((d) => !digests.slice(0, keep).includes(d.slice(0, 16)));
  const stopped = names.filter((d) => {
    const pid = WORKING.exec(d)?.[1];
    return pid !== undefined && !processAlive(Number(pid));
  });
  await Promise.all([...old, ...stopped].map((d) => rm(path.join(base, d), { recursive: true, force: true })));
}

/** Whether a process of this machine is still running (src/runtime/processes.ts, which this plain module cannot import). */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
