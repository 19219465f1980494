import { statSync } from 'node:fs';
import path from 'node:path';
import type { BuildProgress } from '../progress.ts';
import type { PlannedPage } from '../plan/plannedPages.ts';
import type { LinkedPage } from './cache/pageIndex.ts';
import type { ImageWork } from './imageWork.ts';
import type { PageOrigin, PageRecord, RenderedPage } from './pageRecord.ts';

/** A page as the build's report shows it: whether it was rendered now (`cached` when not). */
export type PageTiming = Pick<PageRecord, 'route' | 'ms' | 'bytes' | 'islands'> & { cached: boolean };

/** What each file the build generates is, known where it is made (public/'s files are copied besides). */
export type GeneratedKind = 'page' | 'redirect' | 'site-file' | 'stylesheet' | 'script' | 'props' | 'data' | 'image';

/**
 * The render phase's output: a record for each page, and every other generated file with its
 * kind. Each page's images are asked of the image work as soon as they are known, to be made
 * while the other pages render.
 */
export class RenderedOutput {
  /** The generated files whose bytes this build holds: the pages kept in memory, and every other file. */
  readonly files = new Map<string, string | Uint8Array>();
  readonly kinds = new Map<string, GeneratedKind>();
  /** Every page, by output path. */
  readonly pages = new Map<string, PageRecord>();
  /** The props files named by pages linked from the last output, linked with them unless rendered again. */
  private readonly propsLinked = new Set<string>();
  /** How many redirects the site has (their pages are files of kind `redirect`). */
  redirects = 0;
  /** Generated files the sink already put into the new version (`PageSink.putFiles`): the write leaves them as they are. */
  readonly inVersion = new Set<string>();

  /** `sameOutput`: whether the last output has exactly these pages and props files (`recordedFiles`). */
  constructor(
    readonly sameOutput: (files: Iterable<string>) => boolean,
    private readonly images: ImageWork,
    private readonly total: number,
    private readonly onProgress?: (progress: BuildProgress) => void,
  ) {}

  add(file: string, data: string | Uint8Array, kind: GeneratedKind): void {
    this.files.set(file, data);
    this.kinds.set(file, kind);
  }

  /** A page rendered now, restored from the page cache or kept in memory, under its key, with the props files it carries. */
  keep(page: RenderedPage, key: string, from: Exclude<PageOrigin, 'output'>): void {
    const { propsFiles, ...record } = page;
    for (const [file, json] of propsFiles) this.add(file, json, 'props');
    this.record({ ...record, key, from });
  }

  /** A page linked from the last output, with the props files it names. */
  link(page: PlannedPage, key: string, found: LinkedPage): void {
    for (const file of found.props) this.propsLinked.add(file);
    this.record({ route: page.route, outputPath: page.outputPath, key, from: 'output', ...found, ms: 0 });
  }

  /** The files the new version links from the last output: its pages linked from there, and their props files not rendered again. */
  linkedFiles(): string[] {
    const pages = [...this.pages.values()].filter((page) => page.from === 'output').map((page) => page.outputPath);
    return [...pages, ...[...this.propsLinked].filter((file) => !this.files.has(file))];
  }

  /** The files the page index records of an output: each page, and each props file a page names. */
  recordedFiles(): Set<string> {
    const pages = [...this.pages.values()];
    return new Set([...pages.map((page) => page.outputPath), ...pages.flatMap((page) => page.props)]);
  }

  /** Each page's route, how long it took, its size and islands, and whether it was rendered now. */
  timings(): PageTiming[] {
    return [...this.pages.values()].map(({ route, ms, bytes, islands, from }) => ({ route, ms, bytes, islands, cached: from !== 'render' }));
  }

  /** The build's figures: its pages, how many were rendered, its redirects, the other files and the bytes of all. */
  figures(outDir: string): { pages: number; rendered: number; redirects: number; assets: number; bytes: number } {
    const pages = [...this.pages.values()];
    const pageBytes = pages.reduce((n, page) => n + page.bytes, 0);
    const others = [...this.files].filter(([file]) => this.kinds.get(file) !== 'page');
    // Shared props files linked unchanged from the last output were written too, by a link: they count as any other file.
    const linkedOthers = [...new Set(pages.flatMap((page) => page.props))].filter((file) => !this.files.has(file));
    const bytes =
      others.reduce((n, [, d]) => n + (typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength), pageBytes) +
      linkedOthers.reduce((n, file) => n + statSync(path.join(outDir, file)).size, 0);
    const assets = others.filter(([file]) => this.kinds.get(file) !== 'redirect').length + linkedOthers.length;
    return { pages: pages.length, rendered: pages.filter((page) => page.from === 'render').length, redirects: this.redirects, assets, bytes };
  }

  private record(page: PageRecord): void {
    this.pages.set(page.outputPath, page);
    this.images.want(page.images);
    this.onProgress?.({ phase: 'rendering', done: this.pages.size, total: this.total });
  }
}
