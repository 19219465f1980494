import type { PropsFile } from '../islands/Island.tsx';

/** Where a page of this build was taken from. */
export type PageOrigin = 'memory' | 'output' | 'cache' | 'render';

/**
 * One page of the output as the build made it: one record per output path, from the moment its
 * source is known to the write and the page index, which records it for the next builds. A phase
 * that needs less takes its part of it (`Pick`, `Omit`): no other type repeats its fields.
 */
export interface PageRecord {
  route: string;
  outputPath: string;
  /** The key of everything it is made from. */
  key: string;
  from: PageOrigin;
  /** Its size in bytes. */
  bytes: number;
  /** The SHA-256 of its bytes: the name of its blob in the page cache. */
  sha256: string;
  /** The islands it hydrates. */
  islands: string[];
  /** The processed images it names (paths in the output). */
  images: string[];
  /** The props files of its shared islands (paths in the output). */
  props: string[];
  /** How long it took to render (0 when it was not rendered now). */
  ms: number;
}

/** A page's bytes as its sink took them: their size and hash. */
export type PageBytes = Pick<PageRecord, 'bytes' | 'sha256'>;

/** A page's bytes and the files it names: what the page index keeps of it. */
export type StoredPage = Pick<PageRecord, 'bytes' | 'sha256' | 'islands' | 'images' | 'props'>;

/**
 * A page as rendering answers it, on any thread: its record but for what only the builder knows
 * (its key and origin), with the contents of its props files.
 */
export type RenderedPage = Omit<PageRecord, 'key' | 'from'> & { propsFiles: PropsFile[] };
