import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import { parseVariantPath, type VariantRequest } from '../islands/images.tsx';
import { loadSharp, makeVariants } from '../bundle/imageVariants.ts';
import type { ImageCache } from './cache/imageCache.ts';

/** A source the builder knows: the file in public/ and its path on the site, which names it in messages. */
export interface ImageSourceFile {
  file: string;
  url: string;
  svg: boolean;
}

export interface ImageStats {
  /** Images made with sharp in this build. */
  processed: number;
  /** Images taken from the cache (in memory, or in .sitegen-cache/images). */
  cached: number;
}

/**
 * Makes the processed images the output names, each once: from memory (watch), from the cache
 * on disk, or with sharp, a few sources at a time while the pages are still being rendered.
 * A source that cannot be decoded is remembered with the reason, for the builder to report
 * where it is referenced.
 */
export class ImageWork {
  private readonly made = new Map<string, Promise<Uint8Array | undefined>>();
  private readonly limit = pLimit(Math.max(1, availableParallelism()));
  private readonly failures = new Map<string, string>();
  private sources = new Map<string, ImageSourceFile>();
  private stats: ImageStats = { processed: 0, cached: 0 };
  /** Where an image goes as soon as it is made, while the pages render (`placeWhileRendering`). */
  private place?: (name: string, bytes: Uint8Array) => void;

  constructor(private readonly cache: ImageCache | undefined) {}

  /**
   * Hands each image made from now on to `place` as soon as it is ready, until `stop` is called:
   * it is written beside the pages the workers render rather than after them. `finish` still
   * answers every image.
   */
  placeWhileRendering(place: (name: string, bytes: Uint8Array) => void): { stop: () => void } {
    this.place = place;
    return { stop: () => (this.place = undefined) };
  }

  /** Starts a build: the sources it knows, by hash. Images made for earlier builds stay in memory. */
  begin(sources: Map<string, ImageSourceFile>): void {
    this.sources = sources;
    this.failures.clear();
    this.stats = { processed: 0, cached: 0 };
  }

  /** Starts making these images (paths in the output) unless they are under way or made. */
  want(names: Iterable<string>): void {
    const bySource = new Map<string, { name: string; request: VariantRequest }[]>();
    for (const name of names) {
      if (this.made.has(name)) continue;
      const request = parseVariantPath(name);
      if (!request) continue;
      bySource.set(request.hash, [...(bySource.get(request.hash) ?? []), { name, request }]);
    }
    for (const [hash, wanted] of bySource) {
      const job = this.limit(() => this.make(hash, wanted));
      job.then(
        (bytes) => wanted.forEach(({ name }, i) => bytes[i] && this.place?.(name, bytes[i])),
        () => undefined,
      );
      wanted.forEach(({ name }, i) =>
        this.made.set(
          name,
          job.then((bytes) => bytes[i]),
        ),
      );
    }
  }

  private async make(hash: string, wanted: { name: string; request: VariantRequest }[]): Promise<(Uint8Array | undefined)[]> {
    const cached = await Promise.all(wanted.map(({ name }) => this.cache?.get(name)));
    const missing = wanted.filter((_, i) => !cached[i]);
    this.stats.cached += wanted.length - missing.length;
    if (!missing.length) return cached;
    const source = this.sources.get(hash);
    if (!source) throw new Error(`no image of public/ hashes to ${hash}: a template named an image the content does not reference`);
    let made: Uint8Array[];
    try {
      const sharp = await loadSharp();
      made = await makeVariants(
        sharp,
        await readFile(source.file),
        source.svg,
        missing.map((m) => m.request),
      );
    } catch (error) {
      this.failures.set(source.url, (error as Error).message);
      wanted.forEach(({ name }) => this.made.delete(name));
      return wanted.map(() => undefined);
    }
    this.stats.processed += made.length;
    await Promise.all(missing.map(({ name }, i) => this.cache?.set(name, made[i]!)));
    return cached.map((bytes) => bytes ?? made.shift());
  }

  /** Waits for the images and returns them by path in the output, with the sources that failed (site path → reason). */
  async finish(names: Iterable<string>): Promise<{ files: Map<string, Uint8Array>; failures: Map<string, string>; stats: ImageStats }> {
    const list = [...new Set(names)];
    this.want(list);
    const files = new Map<string, Uint8Array>();
    for (const name of list) {
      const bytes = await this.made.get(name);
      if (bytes) files.set(name, bytes);
    }
    // Memory holds what this build published, no more (watch keeps the builder for hours).
    for (const name of this.made.keys()) if (!files.has(name)) this.made.delete(name);
    return { files, failures: new Map(this.failures), stats: { ...this.stats } };
  }
}
