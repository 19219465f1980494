import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../bundle/hash.ts';

interface Entry {
  key: string;
  size: number;
  mtimeMs: number;
}

/**
 * Remembers which inputs produced each file of the last output (and the file's size and time
 * as written), so that a page whose inputs hash the same is linked from the previous output
 * instead of rendered again. A file changed since it was written is never reused.
 */
export class OutputManifest {
  private constructor(
    private readonly file: string,
    private readonly version: string | undefined,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async load(cacheDir: string, outDir: string): Promise<OutputManifest> {
    const file = path.join(cacheDir, `output-${contentHash(path.resolve(outDir), 12)}.json`);
    const saved = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as { version: string; entries: Record<string, Entry> },
      () => undefined,
    );
    return new OutputManifest(file, saved?.version, new Map(Object.entries(saved?.entries ?? {})));
  }

  /** Whether the last output was made by the same code and public/ files and has exactly these pages. */
  sameSite(version: string, pages: Iterable<string>): boolean {
    const list = [...pages];
    return this.version === version && list.length === this.entries.size && list.every((p) => this.entries.has(p));
  }

  /** The size of `outDir/outputPath` if it is still exactly what `key` produced, else undefined. */
  async reusable(outDir: string, outputPath: string, key: string): Promise<number | undefined> {
    const entry = this.entries.get(outputPath);
    if (entry?.key !== key) return undefined;
    const info = await stat(path.join(outDir, outputPath)).catch(() => undefined);
    return info !== undefined && info.size === entry.size && info.mtimeMs === entry.mtimeMs ? info.size : undefined;
  }

  /** Records the files of a finished build as they now are in `outDir`. */
  async save(outDir: string, version: string, keys: Map<string, string>): Promise<void> {
    const record: Record<string, Entry> = {};
    await Promise.all(
      [...keys].map(async ([outputPath, key]) => {
        const info = await stat(path.join(outDir, outputPath));
        record[outputPath] = { key, size: info.size, mtimeMs: info.mtimeMs };
      }),
    );
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(this.file, JSON.stringify({ version, entries: record }));
  }
}
