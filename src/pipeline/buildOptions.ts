import type { Diagnostic } from '../diagnostics.ts';
import type { UnreleasedPages } from '../hosting/buildMode.ts';
import type { BuildProgress } from '../progress.ts';
import type { SiteAddress } from '../routes/urls.ts';
import type { LockHolder } from './buildLock.ts';
import type { BuildStep } from './buildClock.ts';
import type { ImageStats } from './imageWork.ts';
import type { PageTiming } from './renderedOutput.ts';

export interface BuildResult {
  pages: number;
  /** Pages rendered in this build (the others came unchanged from the cache). */
  rendered: number;
  /** Redirects of content/redirects.yaml, each a page at its old address (not counted in `pages` or `assets`). */
  redirects: number;
  assets: number;
  bytes: number;
  ms: number;
  timings: PageTiming[];
  /** Every file the build generated, relative to the output folder (public/ is copied besides). */
  files: Map<string, string | Uint8Array>;
  /** When each step of the build finished, in ms from its start (assets are built alongside). */
  steps: BuildStep[];
  /** What the build repaired before it started: dropped cache files, leftovers of stopped builds. */
  notes: string[];
  /** Problems that did not stop the build, shown to the editor all the same. */
  warnings: Diagnostic[];
  /** Processed images: made with sharp in this build, or taken from the cache. */
  images: ImageStats;
  /** The drafts and scheduled pages: left out of a plain build, shown marked in a build with drafts. */
  unreleased: UnreleasedPages;
}

export interface CheckOptions {
  /** Show drafts and entries scheduled for a later day, marked and kept from search engines (watch, `build --drafts`). */
  drafts?: boolean;
}

export interface CheckResult {
  /** Problems that do not stop a build. */
  warnings: Diagnostic[];
  ms: number;
  /** The drafts and scheduled pages, which a plain build leaves out. */
  unreleased: UnreleasedPages;
}

export interface BuildOptions extends CheckOptions {
  /** Each phase as it starts, and the pages rendered so far. */
  onProgress?: (progress: BuildProgress) => void;
  /** Another build of the project holds the lock: this one waits for it. */
  onWait?: (holder: LockHolder) => void;
}

export interface BuilderOptions {
  /** Keep analyses and the page index in .sitegen-cache/ so the next build redoes only what changed. */
  persistent?: boolean;
  /** Read the analyses builds kept in .sitegen-cache/, and keep none (`check`: what a build analysed it does not parse again). */
  readsCache?: boolean;
  /** Keep processed images in .sitegen-cache/images/ (their names hash their source): on with `persistent`. */
  cacheImages?: boolean;
  /**
   * Name the stylesheet site.css, not by its content (watch): a stylesheet edit then writes the CSS
   * and renders no page again, since no page's HTML changes.
   */
  unhashedStylesheet?: boolean;
  /**
   * Key each page by the code that renders it, not by all the code (watch): a builder that adopts
   * another's work after a template edit renders again only that template's pages, and analyses
   * markdown again only when code every analysis runs changed.
   */
  pageCode?: boolean;
  /**
   * The output is a scratch preview (watch's, built again whenever it starts): new versions are
   * switched in without waiting for the disk (a power cut may leave one the disk did not fully
   * receive), and a build of the same kind after this builder's last one updates that version in
   * place, each changed file by one rename, instead of making a new one.
   */
  scratchOutput?: boolean;
  /**
   * The builder is told of every change in public/ (`publicChanged`, from watch): public/ is then
   * walked and checked once until it changes, not at every build.
   */
  toldOfPublicChanges?: boolean;
  /**
   * The builder is told of every changed content file (`contentChanged`, from watch): a markdown
   * file it read is then trusted without a stat until it is named.
   */
  toldOfContentChanges?: boolean;
  /** Markdown files from which analysis and rendering move to worker threads (Infinity: never). */
  workerThreshold?: number;
  /** Where the site is published: under a base path (a preview), at another site URL. Default: site.yaml's URL, at its root. */
  address?: SiteAddress;
}
