import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../../hash.ts';
import { sourceDigest } from '../../runtime/sources.mjs';

/**
 * A hash of everything besides content that shapes an analysis or a page: the generator's and
 * templates' source, the locked dependencies, and the names, sizes and times of public/ files
 * (image sizes end up in the HTML).
 */
export async function codeVersion(root: string, publicDir: string): Promise<string> {
  const parts = [sourceDigest(root)];
  const publicFiles = (await readdir(publicDir, { recursive: true }).catch(() => [] as string[])).sort();
  for (const f of publicFiles) {
    // A dangling link has no target to describe: the link itself stands in (validation reports it).
    const info = await stat(path.join(publicDir, f)).catch(() => lstat(path.join(publicDir, f)));
    if (info.isFile()) parts.push(f, String(info.size), String(info.mtimeMs));
  }
  return contentHash(parts.join('\0'), 16);
}
