import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { pidOfWorkingName, processAlive, workingName } from '../../runtime/processes.ts';
import { writeFileAtomic } from '../../write/durable.ts';
import { inPlaceOf, what } from '../../runtime/ownedPaths.mjs';
import { sha256 } from '../../hash.ts';

/**
 * Files in .sitegen-cache/. Each starts with a header line naming its format, its kind, the
 * code version that wrote it and a checksum of the rest, so that a truncated, damaged, foreign
 * or stale file is recognised and dropped instead of breaking the build. Every file is written
 * to a temporary name, flushed to disk, then renamed over the old one: a build killed at any
 * instant leaves either the old file or the new one. Files are named relative to the cache's
 * folder, so that a folder, a link or a FIFO in place of one of them, of a folder on their way or
 * of the cache's folder itself is seen, removed (a link itself, never what it names) and rebuilt,
 * never followed or waited on.
 */
const FORMAT = 'sitegen-cache/1';

/** Where the cache says what it dropped (printed with --verbose). */
export type CacheLog = (line: string) => void;

export interface CacheFileKind<S extends z.ZodType> {
  kind: string;
  schema: S;
}

/** Reads a cache file; a missing one is undefined, an unusable one is logged, removed and undefined. */
export async function readCacheFile<S extends z.ZodType>(
  cacheDir: string,
  name: string,
  { kind, schema }: CacheFileKind<S>,
  version: string,
  log: CacheLog,
): Promise<z.infer<S> | undefined> {
  const file = path.join(cacheDir, name);
  const bytes = await readCacheBytes(cacheDir, name, log);
  if (!bytes) return undefined;
  const newline = bytes.indexOf(0x0a);
  let header: { format?: unknown; kind?: unknown; version?: unknown; sha256?: unknown } | undefined;
  try {
    header = newline < 0 ? undefined : (JSON.parse(bytes.toString('utf8', 0, newline)) as typeof header);
  } catch {
    header = undefined;
  }
  if (!header || header.format !== FORMAT) return drop(file, 'it is not a sitegen cache file, or it is truncated', log);
  if (header.kind !== kind) return drop(file, `it holds ${String(header.kind)}, not ${kind}`, log);
  // Not damage: the generator or public/ changed since. The file is of no use and goes quietly.
  if (header.version !== version) return drop(file, 'another version of the generator wrote it', () => undefined);
  // Hashed as stored: decoding 20 MB to a string and encoding it again to hash it cost more than the hash.
  const body = bytes.subarray(newline + 1);
  if (sha256(body) !== header.sha256) return drop(file, 'it is truncated or damaged (its checksum does not match)', log);
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return drop(file, 'its JSON is damaged', log);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return drop(file, 'its data has an unexpected shape', log);
  return parsed.data;
}

/**
 * The bytes of the cache file `name` (relative to `cacheDir`, with /), or undefined when there
 * is none. Something else in its place or in place of a folder on its way is logged and removed
 * (but in place of the cache's own folder, which is the build lock's to repair: nothing is read).
 */
export async function readCacheBytes(cacheDir: string, name: string, log: CacheLog): Promise<Buffer | undefined> {
  if (!(await foldersAreFolders(cacheDir, name, log, 'read'))) return undefined;
  const file = path.join(cacheDir, name);
  let handle;
  try {
    // Neither through a link nor waiting for a FIFO's writer: fstat below says what it is.
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    return drop(file, code === 'ELOOP' ? 'it is a link, not a file' : `it cannot be read: ${(error as Error).message}`, log);
  }
  try {
    const info = await handle.stat();
    return info.isFile() ? await handle.readFile() : await drop(file, `it is ${what(info)}, not a file`, log);
  } catch (error) {
    return drop(file, `it cannot be read: ${(error as Error).message}`, log);
  } finally {
    await handle.close();
  }
}

/**
 * Where to write the cache file `name`: its folders made, and anything but a file in their place
 * or in its own removed (a rename would fail over a folder, and write through a linked folder).
 */
export async function cacheFilePath(cacheDir: string, name: string, log: CacheLog): Promise<string> {
  const file = path.join(cacheDir, name);
  if (await foldersAreFolders(cacheDir, name, log)) {
    const found = inPlaceOf(file, 'file');
    if (found) await drop(file, `it is ${found}, not a file`, log);
  }
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

/**
 * Whether `cacheDir` and each folder between it and its file `name` is a folder or nothing; the
 * first that is something else is removed. The cache's folder too, before a write: a link there
 * would have every cache file replaced and removed where it leads. A read leaves the cache's
 * folder to the build lock, which makes it a folder before the build writes anything: a read as
 * the builder starts (the generator's version) would otherwise move aside the folder the lock has
 * just made in place of the link.
 */
async function foldersAreFolders(cacheDir: string, name: string, log: CacheLog, use: 'read' | 'write' = 'write'): Promise<boolean> {
  const parts = name.split('/').slice(0, -1);
  for (let depth = 0; depth <= parts.length; depth++) {
    const dir = path.join(cacheDir, ...parts.slice(0, depth));
    const found = inPlaceOf(dir, 'folder');
    if (found) {
      if (depth > 0 || use === 'write') await drop(dir, `it is ${found}, not a folder`, log);
      return false;
    }
  }
  return true;
}

async function drop(file: string, reason: string, log: CacheLog): Promise<undefined> {
  // Moved aside first: of the reads that found it unusable at once, the one that moved it says so.
  let aside = workingName(file);
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    aside = file;
  }
  log(`cache: dropped ${path.relative(process.cwd(), file) || file}: ${reason}; it is rebuilt`);
  // rm removes a link itself, and a folder's links without following them.
  await rm(aside, { recursive: true, force: true }).catch(() => undefined);
  return undefined;
}

/** Removes the cache file `name`; a link in its place or in place of a folder on its way is removed itself, never followed. */
export async function removeCacheFile(cacheDir: string, name: string, log: CacheLog): Promise<void> {
  if (await foldersAreFolders(cacheDir, name, log)) await rm(path.join(cacheDir, name), { force: true, recursive: true });
}

/** Writes a cache file atomically, with its header. */
export async function writeCacheFile<S extends z.ZodType>(
  cacheDir: string,
  name: string,
  { kind }: CacheFileKind<S>,
  version: string,
  data: z.input<S>,
  log: CacheLog,
): Promise<void> {
  const body = Buffer.from(JSON.stringify(data));
  const header = Buffer.from(`${JSON.stringify({ format: FORMAT, kind, version, sha256: sha256(body) })}\n`);
  await writeFileAtomic(await cacheFilePath(cacheDir, name, log), Buffer.concat([header, body]));
}

/**
 * Removes what `folder` of the cache holds besides `name`: the files or folders of other versions,
 * which can serve no build of this code, and of older layouts. Files being written by a live
 * build are left to it.
 */
export async function removeAllBut(folder: string, name: string): Promise<void> {
  // Not through a link, at the cache's folder or its own: what it lists would be another folder's files.
  if (inPlaceOf(path.dirname(folder), 'folder') || inPlaceOf(folder, 'folder')) return;
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((other) => other !== name && pidOfWorkingName(other) === undefined)
      .map((other) => rm(path.join(folder, other), { recursive: true, force: true })),
  );
}

/** Removes temporary files that builds killed while writing left in the cache. */
export async function removeDeadWorkingFiles(cacheDir: string): Promise<number> {
  if (inPlaceOf(cacheDir, 'folder')) return 0;
  const dead = (await workingFiles(cacheDir)).filter((file) => !processAlive(pidOfWorkingName(file)!));
  await Promise.all(dead.map((file) => rm(file, { recursive: true, force: true })));
  return dead.length;
}

/** The working files under `dir`; a linked folder is not entered (readdir's `recursive` would follow it out of the cache). */
async function workingFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (pidOfWorkingName(e.name) !== undefined ? [path.join(dir, e.name)] : e.isDirectory() ? workingFiles(path.join(dir, e.name)) : [])),
  );
  return nested.flat();
}
