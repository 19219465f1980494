import { IMAGE_FOLDER } from '../islands/images.tsx';
import { ASSETS_DIR, PROPS_DIR } from '../hosting/policy.ts';

/**
 * What a file of a built site is, as the diff groups it, in the order it shows them: pages and
 * the files readers fetch first, listed one by one; then what the build generates, counted.
 * `redirect` is the place of pages that only send the reader on (content/redirects.yaml's), once
 * the output records which pages they are, as it records its drafts.
 */
export const FILE_KINDS = ['page', 'redirect', 'site-file', 'public', 'stylesheet', 'script', 'image', 'props', 'data', 'asset'] as const;

export type FileKind = (typeof FILE_KINDS)[number];

/** The files the build writes for feed readers and search engines, beside the pages. */
const SITE_FILES = new Set(['/feed.xml', '/robots.txt', '/sitemap.xml']);

/**
 * A file's kind by the group it is in (see `compareSites`) and where the build writes it: pages
 * by route, hashed assets by their name without hash (`/assets/site-#.css`), other files by their
 * path (the feed, the sitemap, robots.txt, public/'s files).
 */
export function kindOf(sitePath: string, group: 'pages' | 'files' | 'assets'): FileKind {
  if (group === 'pages') return 'page';
  if (group === 'files') return SITE_FILES.has(sitePath) ? 'site-file' : 'public';
  if (sitePath.startsWith(`${IMAGE_FOLDER}/`)) return 'image';
  if (sitePath.startsWith(`/${PROPS_DIR}/`)) return 'props';
  // A template's data files are published in a folder named by their content (`/assets/blog/#/`).
  if (dataFolder(sitePath)) return 'data';
  if (sitePath.endsWith('.css')) return 'stylesheet';
  if (sitePath.endsWith('.js')) return 'script';
  return 'asset';
}

/** The folder of a template's data file, without hash (`/assets/blog/#/`), or undefined. */
export function dataFolder(sitePath: string): string | undefined {
  return new RegExp(`^/${ASSETS_DIR}/[^/]+/#/`).exec(sitePath)?.[0];
}
