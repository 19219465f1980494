import type { CacheLog } from './cache/cacheFile.ts';
import { PageIndex, type CachedPage, type LinkedPage, type RestoredPage } from './cache/pageIndex.ts';
import type { PageRecord, RenderedPage } from './pageRecord.ts';

/** A page kept in memory between builds (watch), under the key of the inputs it was rendered from, with its document. */
export type KeptPage = Omit<RenderedPage, 'route' | 'outputPath' | 'ms'> & Pick<PageRecord, 'key'> & { html: string };

/** Where a page of this build comes from. */
export type PageSource = { from: 'memory'; page: KeptPage } | { from: 'output'; page: LinkedPage } | { from: 'cache'; page: CachedPage } | { from: 'render' };

/**
 * Where a page comes from: kept in memory if it was rendered there under the same key, else
 * linked from the last output if that has it under the same key, else restored from the page
 * cache if that has it under the same key (a CI job: the cache restored, no output), else rendered now.
 */
export function pageSource(
  key: string,
  kept: KeptPage | undefined,
  inLastOutput: (key: string) => LinkedPage | undefined,
  inCache: (key: string) => CachedPage | undefined = () => undefined,
): PageSource {
  if (kept?.key === key) return { from: 'memory', page: kept };
  const linked = inLastOutput(key);
  if (linked) return { from: 'output', page: linked };
  const cached = inCache(key);
  return cached ? { from: 'cache', page: cached } : { from: 'render' };
}

/** Where the page index lives, for builders that keep a cache (`persistent`). */
export interface PageStoreDisk {
  cacheDir: string;
  outDir: string;
  /** The cache's version of the code: the index is bound to it. */
  version: Promise<string>;
  log: CacheLog;
}

/**
 * Every page earlier builds made, in one place, by output path: the pages a builder keeps in
 * memory with their bytes (watch), and, for a builder with a cache, the page index on disk
 * (which of them the last output shows, and the blobs of every page rendered lately). A build
 * asks it where each page comes from (`source`), and records in it what it made (`keep`, then `save`).
 */
export class PageStore {
  private readonly memory = new Map<string, KeptPage>();
  private index?: PageIndex;

  constructor(private readonly disk: PageStoreDisk | undefined) {}

  /** A build starts: the index is read as the last build left it (another process may have built since). */
  async open(): Promise<void> {
    this.index = undefined;
    if (this.disk) this.index = await PageIndex.load(this.disk.cacheDir, this.disk.outDir, await this.disk.version, this.disk.log);
  }

  /** Where the page at `outputPath` comes from, if its inputs' key is `key` (`pageSource`). */
  source(outputPath: string, key: string): PageSource {
    const index = this.index;
    return pageSource(
      key,
      this.memory.get(outputPath),
      (k) => index?.inOutput(outputPath, k),
      (k) => index?.find(outputPath, k),
    );
  }

  /** A page the index has, put in place by `place` from its blob; undefined when its blob is lost (it is rendered after all). */
  restore(page: CachedPage, outputPath: string, key: string, place: (blob: string) => void): RestoredPage | undefined {
    return this.index?.restore(page, outputPath, key, place);
  }

  /**
   * The pages of this build, each under its key, are known: memory keeps those whose documents
   * this thread holds (`held`, by output path) for the next build, a page it kept already as it
   * was, and forgets every other one.
   */
  remember(pages: Iterable<{ key: string; page: RenderedPage }>, held: ReadonlyMap<string, string>): void {
    const last = new Map(this.memory);
    this.memory.clear();
    for (const { key, page } of pages) {
      const html = held.get(page.outputPath);
      if (html === undefined) continue;
      const known = last.get(page.outputPath);
      const { bytes, sha256, islands, images, props, propsFiles } = page;
      this.memory.set(page.outputPath, known?.key === key && known.html === html ? known : { key, bytes, sha256, islands, images, props, propsFiles, html });
    }
  }

  /** Whether the last output has exactly these pages and props files (a builder without an index cannot tell). */
  sameOutput(files: Iterable<string>): boolean {
    return this.index?.sameOutput(files) ?? false;
  }

  /**
   * Records a build that wrote a new version: each page as the output now shows it, and in the
   * page cache. Returns how many pages the cache added and dropped; undefined without an index.
   */
  async save(pages: Iterable<PageRecord>, propsText: (file: string) => string | undefined): Promise<{ added: number; dropped: number } | undefined> {
    const index = this.index;
    this.index = undefined;
    return index?.save(pages, propsText);
  }

  /** The pages kept in memory, for another builder to adopt. */
  kept(): [string, KeptPage][] {
    return [...this.memory];
  }

  adopt(pages: [string, KeptPage][]): void {
    for (const [outputPath, page] of pages) this.memory.set(outputPath, page);
  }
}
