import { existsSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A site being written beside the target folder and swapped in only once every file is
 * written: a build that fails at any point leaves the previous output exactly as it was.
 * Worker threads may write pages into `dir` while the build goes on.
 */
export class StagedSite {
  readonly dir: string;

  private constructor(private readonly outDir: string) {
    this.dir = path.join(path.dirname(outDir), `.${path.basename(outDir)}.staging-${process.pid}`);
  }

  /** An empty staging folder holding a copy of public/. */
  static async open(outDir: string, publicDir: string): Promise<StagedSite> {
    const staged = new StagedSite(outDir);
    await rm(staged.dir, { recursive: true, force: true });
    await mkdir(staged.dir, { recursive: true });
    try {
      await cp(publicDir, staged.dir, { recursive: true, errorOnExist: false }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
    return staged;
  }

  /**
   * Creates the folders of these files, each once and parents first, on this thread: worker
   * threads then write files into them without creating folders in one parent side by side.
   */
  createFolders(files: string[]): void {
    createFolders(this.dir, files);
  }

  /** Writes generated files; `unchanged` lists files to take over from the previous output as they are. */
  write(files: Map<string, string | Uint8Array>, unchanged: string[] = []): void {
    createFolders(this.dir, [...files.keys(), ...unchanged]);
    // One file after another: parallel creates in one folder contend for its lock and cost more system time.
    for (const [file, data] of files) writeFileSync(path.join(this.dir, file), data);
    // Files that the previous output already has byte for byte are hard-linked, not rewritten.
    for (const file of unchanged) linkSync(path.join(this.outDir, file), path.join(this.dir, file));
  }

  /** Swaps the staged site in for the previous output. */
  async commit(): Promise<void> {
    const previous = path.join(path.dirname(this.outDir), `.${path.basename(this.outDir)}.previous-${process.pid}`);
    const hadPrevious = await rename(this.outDir, previous).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return false;
        throw e;
      },
    );
    await rename(this.dir, this.outDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Creates the folders of these files, each once and parents first (a recursive mkdir per file retries every parent). */
function createFolders(root: string, files: string[]): void {
  const folders = [...new Set(files.map((f) => path.dirname(f)).filter((d) => d !== '.'))];
  const all = new Set<string>();
  for (const folder of folders) for (let d = folder; d !== '.' && !all.has(d); d = path.dirname(d)) all.add(d);
  for (const folder of [...all].sort()) {
    const target = path.join(root, folder);
    if (!existsSync(target)) mkdirSync(target);
  }
}

/**
 * Updates a previously written output in place: only files whose content changed are written
 * (each to a temporary name, then renamed over the old one) and files no longer produced are
 * removed. Used by watch, where rewriting the whole site on every keystroke would be slow.
 */
export async function updateSiteInPlace(outDir: string, files: Map<string, string | Uint8Array>, previous: Map<string, string | Uint8Array>): Promise<void> {
  await Promise.all(
    [...files].map(async ([file, data]) => {
      if (sameContent(previous.get(file), data)) return;
      const target = path.join(outDir, file);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.tmp-${process.pid}`;
      await writeFile(temp, data);
      await rename(temp, target);
    }),
  );
  await Promise.all([...previous.keys()].filter((file) => !files.has(file)).map((file) => rm(path.join(outDir, file), { force: true })));
}

export function sameContent(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === undefined) return false;
  return typeof a === 'string' && typeof b === 'string' ? a === b : Buffer.from(a).equals(Buffer.from(b));
}

/** Whether every file is already in `outDir` byte for byte. */
export async function alreadyWritten(outDir: string, files: Map<string, string | Uint8Array>): Promise<boolean> {
  const checks = await Promise.all([...files].map(async ([file, data]) => sameContent(await readFile(path.join(outDir, file)).catch(() => undefined), data)));
  return checks.every(Boolean);
}
