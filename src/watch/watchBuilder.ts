import type { BuilderOptions } from '../pipeline/buildOptions.ts';

/**
 * How watch's worker builds. One thread whatever the size: it keeps every rendered page and
 * analysis between builds, so an edit renders only the pages it changes (worker threads would
 * start afresh and redo them all). Images come from the cache `build` fills: made again, the real
 * site's take 4–5 s of a first build. The stylesheet keeps one name, so a stylesheet edit renders
 * no page again. Pages are keyed by the code that renders them, so the worker that replaces this
 * one after a template edit renders only that template's pages. Its output is a scratch preview,
 * built again whenever watch starts: nothing waits for the disk. Watch says when public/ and
 * content files change: public/ is walked and checked once until then, and a markdown file read
 * is trusted without a stat until it is named.
 */
export const WATCH_BUILDER: BuilderOptions = {
  workerThreshold: Infinity,
  cacheImages: true,
  unhashedStylesheet: true,
  pageCode: true,
  scratchOutput: true,
  toldOfPublicChanges: true,
  toldOfContentChanges: true,
};
