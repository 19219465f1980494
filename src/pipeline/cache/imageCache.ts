import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pidOfWorkingName, workingName } from '../../runtime/processes.ts';
import { inPlaceOf } from '../../runtime/ownedPaths.mjs';
import { cacheFilePath, readCacheBytes, type CacheLog } from './cacheFile.ts';
import { sha256 } from '../../hash.ts';
import { atPath } from '../../systemFault.ts';

/**
 * Processed images in .sitegen-cache/images/, one file each under the name it is published
 * with (which hashes the source's bytes and the processing options): a header line with a
 * checksum, then the image's bytes. They do not depend on the generator's version, so a change
 * of template keeps them; a damaged file is dropped and the image made again.
 */
const FORMAT = 'sitegen-image/1';

export class ImageCache {
  constructor(
    private readonly dir: string,
    private readonly log: CacheLog,
  ) {}

  async get(name: string): Promise<Uint8Array | undefined> {
    const data = await readCacheBytes(this.dir, `images/${name}`, this.log);
    if (!data) return undefined;
    const newline = data.indexOf(10);
    let header: { format?: unknown; name?: unknown; sha256?: unknown } | undefined;
    try {
      header = newline < 0 ? undefined : (JSON.parse(data.subarray(0, newline).toString('utf8')) as typeof header);
    } catch {
      header = undefined;
    }
    const bytes = data.subarray(newline + 1);
    if (header?.format === FORMAT && header.name === name && header.sha256 === sha256(bytes) && isImageOfItsName(name, bytes)) return new Uint8Array(bytes);
    const file = path.join(this.dir, 'images', name);
    this.log(`cache: dropped ${path.relative(process.cwd(), file) || file}: it is truncated or damaged; the image is made again`);
    await rm(file, { force: true });
    return undefined;
  }

  async set(name: string, bytes: Uint8Array): Promise<void> {
    const header = Buffer.from(`${JSON.stringify({ format: FORMAT, name, sha256: sha256(bytes) })}\n`);
    // Renamed into place but not flushed: hundreds of images would wait on the disk, and a file
    // that a power cut damaged is recognised by its checksum and made again.
    const file = await cacheFilePath(this.dir, `images/${name}`, this.log);
    const temp = workingName(file);
    await writeFile(temp, Buffer.concat([header, bytes])).catch(async (error: unknown) => {
      await rm(temp, { force: true });
      throw atPath(error, file);
    });
    await rename(temp, file).catch(async (error: unknown) => {
      await rm(temp, { force: true });
      throw error;
    });
  }
}

/**
 * Removes the processed images in `cacheDir` that no page the page index keeps names: a photo
 * replaced or no longer shown leaves no variants behind, and every variant the site still shows
 * stays (they are slow to make). Files being written by a live build are not images yet.
 */
export async function removeUnnamedImages(cacheDir: string, named: ReadonlySet<string>): Promise<void> {
  // Through a link in place of the cache's folder or its own, the files listed would be another folder's.
  if (inPlaceOf(cacheDir, 'folder') || inPlaceOf(path.join(cacheDir, 'images'), 'folder')) return;
  const remove = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map((entry) => {
        const name = `${prefix}${entry.name}`;
        if (pidOfWorkingName(entry.name) !== undefined) return undefined;
        // A linked folder is not entered: it is removed, as anything else no page names.
        if (entry.isDirectory()) return remove(path.join(dir, entry.name), `${name}/`);
        return named.has(name) ? undefined : rm(path.join(dir, entry.name), { force: true });
      }),
    );
  };
  await remove(path.join(cacheDir, 'images'), '');
}

/** The first bytes of each format the pipeline writes: a file whose header and checksum agree over other bytes is still no image. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  webp: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  avif: (b) => b.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(b.toString('latin1', 8, 12)),
};

function isImageOfItsName(name: string, bytes: Buffer): boolean {
  return SIGNATURES[path.extname(name).slice(1)]?.(bytes) ?? false;
}
