// Compiles the generator (src/) and the templates once per change of their sources with
// esbuild, so every run — and every worker thread — starts from plain JavaScript instead of
// transforming TypeScript on each import. Pure-JavaScript dependencies are bundled in too:
// loading a few large files is several times faster than resolving hundreds of small modules.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CODE_MAP, compiledPath, declaringModules, ENTRIES, ISLAND_FILE, projectImports, sourceDigest, sourceHashes } from './sources.mjs';

// Left in node_modules: native binaries, packages that read their own files at run time, and
// the S3 client that only `publish` loads.
const EXTERNAL = ['esbuild', 'tailwindcss', '@tailwindcss/*', 'lightningcss', '@aws-sdk/*', 'chokidar'];

/** Written last into each compilation: the size and SHA-256 of every file esbuild emitted. */
const MANIFEST = 'compiled.json';
const FORMAT = 'sitegen-compiled/1';
/** A finished compilation: the digest of its sources, then a random suffix (two processes may compile at once). */
const COMPILATION = /^([0-9a-f]{16})-[0-9a-f]{8}$/;
/** A compilation being written, or being removed, by the process named in it. */
const WORKING = /\.tmp-(\d+)-[0-9a-f]+$/;

function entryPoints(root) {
  const islands = readdirSync(path.join(root, 'templates/islands')).filter((f) => ISLAND_FILE.test(f));
  return [...Object.values(ENTRIES), ...islands.map((f) => `templates/islands/${f}`), ...declaringModules(root)].map((f) => path.join(root, f));
}

/**
 * Compiles the current sources of the project at `root` if no intact compilation of them
 * exists; returns the folder of the compiled modules. A damaged compilation (a file missing,
 * changed, or something else in its place) is said on one line through `warn`, set aside and
 * compiled again into a new folder: it never fails the command. A `session` (watch, which
 * compiles again after each edit of code) compiles only what changed since its last compilation.
 */
export async function compileGenerator(root, warn = (line) => process.stderr.write(`${line}\n`), session = undefined) {
  const base = path.join(root, 'node_modules', '.cache', 'sitegen', 'code');
  // The digest covers this file too: it is one of the sources.
  const digest = sourceDigest(root).slice(0, 16);
  for (const name of compilationsOf(base, digest)) {
    const dir = path.join(base, name);
    const damage = damageOf(dir);
    if (!damage) return dir;
    // Of processes that found it damaged at once, the one that moved it away says so.
    if (await setAside(dir)) warn(`sitegen: ${path.relative(root, dir)} is damaged (${damage}); the generator is compiled again`);
  }
  await usableFolder(path.dirname(base));
  await usableFolder(base);
  const tmp = workingName(path.join(base, digest));
  // Hashed before esbuild reads them: an edit in between makes the code newer than its hashes, never older.
  const files = sourceHashes(root);
  const metafile = session ? await session.compileInto(tmp) : (await esbuild.build(buildOptions(root, tmp))).metafile;
  await writeFile(path.join(tmp, CODE_MAP), JSON.stringify({ files, imports: projectImports(metafile) }));
  await writeFile(path.join(tmp, MANIFEST), JSON.stringify({ format: FORMAT, files: checksums(tmp) }));
  // A new name, never one in use: a process that verified an older compilation keeps loading from it.
  const dir = path.join(base, `${digest}-${randomBytes(4).toString('hex')}`);
  await rename(tmp, dir);
  await pruneCompilations(base);
  return dir;
}

/** How esbuild compiles the project at `root` into `outdir`. */
function buildOptions(root, outdir) {
  return {
    entryPoints: entryPoints(root),
    absWorkingDir: root,
    metafile: true,
    outbase: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS (React) requires Node's built-in modules.
    banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    jsx: 'automatic',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Stacks of a crash point at src/ and templates/ lines (bin/sitegen.mjs turns source maps on).
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  };
}

/**
 * Compilations that share esbuild's work (an incremental context): each parses only the files
 * that changed since the last. The context writes nothing; each compilation's files are written
 * into its own folder. Its output folder is a name beside the compilations, so that source map
 * paths, relative to it, hold in each.
 */
export function compileSession(root) {
  const base = path.join(root, 'node_modules', '.cache', 'sitegen', 'code');
  const outdir = path.join(base, 'session');
  let context;
  let entries;
  return {
    async compileInto(dir) {
      const options = buildOptions(root, outdir);
      // A new island or declaring module is a new entry: the context is made again.
      if (!context || options.entryPoints.join('\0') !== entries) {
        await context?.dispose();
        context = await esbuild.context({ ...options, write: false });
        entries = options.entryPoints.join('\0');
      }
      const { outputFiles, metafile } = await context.rebuild();
      for (const file of outputFiles) {
        const target = path.join(dir, path.relative(outdir, file.path));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, file.contents);
      }
      return metafile;
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
  return names.map((name) => ({ name, mtime: time(name) })).sort((a, b) => b.mtime - a.mtime).map(({ name }) => name);
}

/** Why the compilation in `dir` cannot be used, or undefined when every file it lists is there with its bytes. */
function damageOf(dir) {
  let manifest;
  try {
    manifest = JSON.parse(readRegularFile(path.join(dir, MANIFEST)).toString('utf8'));
  } catch {
    return `${MANIFEST} is missing or damaged`;
  }
  const files = manifest?.format === FORMAT && typeof manifest.files === 'object' && manifest.files !== null ? manifest.files : {};
  const listed = (entry) => Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'string';
  if (!Object.values(files).every(listed) || !Object.values(ENTRIES).every((entry) => listed(files[compiledPath(entry)]))) return `${MANIFEST} is damaged`;
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

/** Makes `dir` a folder (a link to one is kept): a file or a dangling link there is removed, never what a link points at. */
async function usableFolder(dir) {
  const info = statSync(dir, { throwIfNoEntry: false }) ?? lstatSync(dir, { throwIfNoEntry: false });
  if (info && !info.isDirectory()) await rm(dir, { force: true });
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
  const digests = [...new Set(compilations.map((d) => ({ d, mtime: mtime(d) })).sort((a, b) => b.mtime - a.mtime).map(({ d }) => d.slice(0, 16)))];
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
