import { statSync } from 'node:fs';
import path from 'node:path';
import type { BuildProgress } from '../progress.ts';
import type { PlannedPage } from '../plan/plannedPages.ts';
import type { OutputManifest } from './cache/outputManifest.ts';
import type { ImageWork } from './imageWork.ts';
import type { PlacedPage } from './markdownWork.tsx';

export interface PageTiming {
  route: string;
  ms: number;
  bytes: number;
  islands: string[];
  cached: boolean;
}

/** What each file the build generates is, known where it is made (public/'s files are copied besides). */
export type GeneratedKind = 'page' | 'redirect' | 'site-file' | 'stylesheet' | 'script' | 'props' | 'data' | 'image';

/** A page found unchanged in the output the manifest describes: its size, and the files it names. */
export interface LinkedPage {
  size: number;
  images: string[];
  props: string[];
}

/**
 * The render phase's output: every generated file with its kind, and where each page came from.
 * Each page's images are asked of the image work as soon as they are known, to be made while the
 * other pages render.
 */
export class RenderedOutput {
  readonly files = new Map<string, string | Uint8Array>();
  readonly kinds = new Map<string, GeneratedKind>();
  /** Pages rendered or kept in memory: output path → cache key. */
  readonly pageKeys = new Map<string, string>();
  /** Pages (and their props files) linked unchanged from the previous output: output path → cache key. */
  readonly linked = new Map<string, string>();
  readonly timings: PageTiming[] = [];
  /** The processed images each page names: output path → paths in the output. */
  readonly pageImages = new Map<string, string[]>();
  /** The props files of shared islands each page names: output path → paths in the output. */
  readonly pageProps = new Map<string, string[]>();
  /** The SHA-256 of the pages written as they were rendered: output path → hash (what the page cache names their blobs by). */
  readonly pageHashes = new Map<string, string>();
  /** The islands each page hydrates: output path → island names. */
  readonly pageIslands = new Map<string, string[]>();
  /** How many redirects the site has (their pages are files of kind `redirect`). */
  redirects = 0;

  constructor(
    readonly manifest: OutputManifest | undefined,
    private readonly images: ImageWork,
    private readonly total: number,
    private readonly onProgress?: (progress: BuildProgress) => void,
  ) {}

  add(file: string, data: string | Uint8Array, kind: GeneratedKind): void {
    this.files.set(file, data);
    this.kinds.set(file, kind);
  }

  /** A page rendered now or kept in memory, under its key. */
  keep(page: PlannedPage, key: string, rendered: PlacedPage, ms: number, cached: boolean): void {
    for (const [file, json] of rendered.propsFiles) this.add(file, json, 'props');
    if (rendered.html !== undefined) this.add(page.outputPath, rendered.html, 'page');
    if (rendered.sha256) this.pageHashes.set(page.outputPath, rendered.sha256);
    this.named(page.outputPath, rendered.islands, rendered.images, rendered.props);
    this.pageKeys.set(page.outputPath, key);
    this.timed({ route: page.route, ms, bytes: rendered.bytes, islands: rendered.islands, cached });
  }

  /** A page linked from the last output, with the props files it names. */
  link(page: PlannedPage, key: string, found: LinkedPage, islands: string[]): void {
    this.linked.set(page.outputPath, key);
    for (const file of found.props) this.linked.set(file, file);
    this.named(page.outputPath, islands, found.images, found.props);
    this.timed({ route: page.route, ms: 0, bytes: found.size, islands, cached: true });
  }

  /** The build's figures: its pages, how many were rendered, its redirects, the other files and the bytes of all. */
  figures(outDir: string): { pages: number; rendered: number; redirects: number; assets: number; bytes: number } {
    const pageBytes = this.timings.reduce((n, t) => n + t.bytes, 0);
    const others = [...this.files].filter(([file]) => this.kinds.get(file) !== 'page');
    // Shared props files linked unchanged from the last output were written too, by a link: they count as any other file.
    const linkedOthers = [...new Set([...this.pageProps.values()].flat())].filter((file) => !this.files.has(file));
    const bytes =
      others.reduce((n, [, d]) => n + (typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength), pageBytes) +
      linkedOthers.reduce((n, file) => n + statSync(path.join(outDir, file)).size, 0);
    const assets = others.filter(([file]) => this.kinds.get(file) !== 'redirect').length + linkedOthers.length;
    return { pages: this.timings.length, rendered: this.timings.filter((t) => !t.cached).length, redirects: this.redirects, assets, bytes };
  }

  private named(outputPath: string, islands: string[], images: string[], props: string[]): void {
    this.pageIslands.set(outputPath, islands);
    this.pageImages.set(outputPath, images);
    this.pageProps.set(outputPath, props);
    this.images.want(images);
  }

  private timed(timing: PageTiming): void {
    this.timings.push(timing);
    this.onProgress?.({ phase: 'rendering', done: this.timings.length, total: this.total });
  }
}
