import { cp, link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes the whole site beside the target folder and swaps it in only once every file is
 * written: a build that fails at any point leaves the previous output exactly as it was.
 * `unchanged` lists files to take over from the previous output as they are.
 */
export async function writeSiteAtomically(outDir: string, files: Map<string, string | Uint8Array>, publicDir: string, unchanged: string[] = []): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}.staging-${process.pid}`);
  const previous = path.join(parent, `.${base}.previous-${process.pid}`);
  await mkdir(parent, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  try {
    await cp(publicDir, staging, { recursive: true, errorOnExist: false }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    const dirs = new Set([...files.keys(), ...unchanged].map((f) => path.dirname(path.join(staging, f))));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    await Promise.all([...files].map(([file, data]) => writeFile(path.join(staging, file), data)));
    // Files that the previous output already has byte for byte are hard-linked, not rewritten.
    await Promise.all(unchanged.map((file) => link(path.join(outDir, file), path.join(staging, file))));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const hadPrevious = await rename(outDir, previous).then(
    () => true,
    (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return false;
      throw e;
    },
  );
  await rename(staging, outDir);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
