import type { Paths } from '../config.ts';
import { buildAssets, cachedAssets, type Assets } from './cache/assetCache.ts';

/**
 * The stylesheet and the island bundles of a builder: compiled once (from the cache when the
 * builder keeps one), again after the templates change, and only the stylesheet again after it
 * changes.
 */
export class SiteAssets {
  private assets?: Promise<Assets>;

  constructor(
    private readonly paths: Paths,
    private readonly version: Promise<string> | undefined,
    private readonly note: (line: string) => void,
  ) {}

  get(): Promise<Assets> {
    const build = () => buildAssets(this.paths.templates, this.paths.root);
    this.assets ??= this.version ? this.version.then((version) => cachedAssets(this.paths.cache, version, build, this.note)) : build();
    return this.assets;
  }

  /** The assets as compiled (or being compiled) for the next build, if they are. */
  current(): Promise<Assets> | undefined {
    return this.assets;
  }

  /** Compiled again at the next build (the templates changed). */
  templatesChanged(): void {
    this.assets = undefined;
  }

  /** The stylesheet compiled again at the next build (templates/*.css changed); the island bundles stay. */
  stylesChanged(): void {
    const previous = this.assets;
    if (!previous) return;
    const next = Promise.all([previous, import('../bundle/styles.ts')]).then(async ([assets, { buildStylesheet }]) => ({
      ...assets,
      stylesheet: await buildStylesheet(this.paths.templates),
    }));
    this.assets = next;
    // A stylesheet that fails now is tried again at the next build.
    next.catch(() => this.assets === next && (this.assets = undefined));
  }
}
