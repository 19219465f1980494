import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { pidOfWorkingName, processAlive } from '../../runtime/processes.ts';
import { writeFileAtomic } from '../../write/durable.ts';

/**
 * Files in .sitegen-cache/. Each starts with a header line naming its format, its kind, the
 * code version that wrote it and a checksum of the rest, so that a truncated, damaged, foreign
 * or stale file is recognised and dropped instead of breaking the build. Every file is written
 * to a temporary name, flushed to disk, then renamed over the old one: a build killed at any
 * instant leaves either the old file or the new one.
 */
const FORMAT = 'sitegen-cache/1';

/** Where the cache says what it dropped (printed with --verbose). */
export type CacheLog = (line: string) => void;

export interface CacheFileKind<S extends z.ZodType> {
  kind: string;
  schema: S;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Reads a cache file; a missing one is undefined, an unusable one is logged, removed and undefined. */
export async function readCacheFile<S extends z.ZodType>(file: string, { kind, schema }: CacheFileKind<S>, version: string, log: CacheLog): Promise<z.infer<S> | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return drop(file, `cannot be read: ${(error as Error).message}`, log);
  }
  const newline = text.indexOf('\n');
  let header: { format?: unknown; kind?: unknown; version?: unknown; sha256?: unknown } | undefined;
  try {
    header = newline < 0 ? undefined : (JSON.parse(text.slice(0, newline)) as typeof header);
  } catch {
    header = undefined;
  }
  if (!header || header.format !== FORMAT) return drop(file, 'it is not a sitegen cache file, or it is truncated', log);
  if (header.kind !== kind) return drop(file, `it holds ${String(header.kind)}, not ${kind}`, log);
  // Not damage: the generator or public/ changed since. The file is of no use and goes quietly.
  if (header.version !== version) return drop(file, 'another version of the generator wrote it', () => undefined);
  const body = text.slice(newline + 1);
  if (sha256(body) !== header.sha256) return drop(file, 'it is truncated or damaged (its checksum does not match)', log);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return drop(file, 'its JSON is damaged', log);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return drop(file, 'its data has an unexpected shape', log);
  return parsed.data;
}

async function drop(file: string, reason: string, log: CacheLog): Promise<undefined> {
  log(`cache: dropped ${path.relative(process.cwd(), file) || file}: ${reason}; it is rebuilt`);
  await rm(file, { force: true }).catch(() => undefined);
  return undefined;
}

/** Writes a cache file atomically, with its header. */
export async function writeCacheFile<S extends z.ZodType>(file: string, { kind }: CacheFileKind<S>, version: string, data: z.input<S>): Promise<void> {
  const body = JSON.stringify(data);
  await writeFileAtomic(file, `${JSON.stringify({ format: FORMAT, kind, version, sha256: sha256(body) })}\n${body}`);
}

/** Removes temporary files that builds killed while writing left in the cache. */
export async function removeDeadWorkingFiles(cacheDir: string): Promise<number> {
  const entries = await readdir(cacheDir, { recursive: true }).catch(() => [] as string[]);
  const dead = entries.filter((name) => {
    const pid = pidOfWorkingName(name);
    return pid !== undefined && !processAlive(pid);
  });
  await Promise.all(dead.map((name) => rm(path.join(cacheDir, name), { force: true })));
  return dead.length;
}
