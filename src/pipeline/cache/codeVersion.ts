import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { contentHash } from '../../hash.ts';
import { fileStamp, stampSettled } from '../../load/fileStamp.ts';
import { publicFiles } from '../../load/publicFiles.ts';
import { sourceDigest } from '../../runtime/sources.mjs';
import { readCacheFile, writeCacheFile, type CacheLog } from './cacheFile.ts';

/** Each public/ file's hash, by the stamp (`fileStamp`) it had when it was hashed. */
const PUBLIC_HASHES = { kind: 'hashes of public/ files', schema: z.record(z.string(), z.tuple([z.string(), z.string()])) };
const PUBLIC_HASHES_VERSION = '2';

/**
 * A hash of everything besides content that shapes an analysis or a page: the generator's and
 * templates' source, the locked dependencies, and the names and bytes of public/ files (image
 * sizes end up in the HTML). Bytes, not times: a fresh clone gives every file a new time, and a
 * cache restored into it (CI) must still serve. A file is read again only when its stamp changed
 * since it was last hashed, or had not settled then (an edit that keeps a file's size and
 * modification time still changes its stamp): `cacheDir` keeps those hashes, written by `save`
 * (a build calls it once it may write; a refused one writes nothing).
 */
export async function codeVersion(
  root: string,
  publicDir: string,
  cacheDir?: string,
  log: CacheLog = () => undefined,
): Promise<{ version: string; save: () => Promise<void> }> {
  const memo = 'public-files.json';
  const known = (cacheDir && (await readCacheFile(cacheDir, memo, PUBLIC_HASHES, PUBLIC_HASHES_VERSION, log))) || {};
  const hashes: Record<string, [string, string]> = {};
  const parts = [sourceDigest(root)];
  // What public/ publishes, as validation walks it: a link is never followed into the cache this build writes, nor round a loop.
  const published = publicFiles(publicDir, root);
  // What the walk refused or left out has no bytes to describe: its name and rule stand in (validation reports it).
  for (const d of published.diagnostics) parts.push(path.relative(publicDir, d.file), d.rule);
  for (const { rel: f, source } of published.files) {
    const readAt = Date.now();
    const info = await stat(source, { bigint: true });
    const stamp = fileStamp(info);
    const [knownStamp, knownHash] = known[f] ?? [];
    const hash = knownStamp === stamp && knownHash ? knownHash : contentHash(await readFile(source), 16);
    // A file changed moments ago may change again within its time's step: kept without a stamp, it is hashed again next time.
    hashes[f] = [stampSettled(info, readAt) ? stamp : '', hash];
    parts.push(f, hash);
  }
  const changed = cacheDir && JSON.stringify(hashes) !== JSON.stringify(known);
  return {
    version: contentHash(parts.join('\0'), 16),
    save: async () => void (changed && (await writeCacheFile(cacheDir, memo, PUBLIC_HASHES, PUBLIC_HASHES_VERSION, hashes, log))),
  };
}
