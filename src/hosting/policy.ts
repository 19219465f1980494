import { lookup } from 'mrmime';

/**
 * How a built site is hosted: which files are content-hashed and how long each may be cached.
 * The preview server and `sitegen publish` both answer by these rules.
 */

/** The folder of content-hashed assets (CSS and JavaScript): a changed file gets a new name. */
export const ASSETS_DIR = 'assets';

/**
 * The stylesheet's name in watch's output, which is never published: pages keep their HTML when
 * only the CSS changes, and the watch server makes browsers revalidate every file.
 */
export const WATCH_STYLESHEET = 'site.css';

/** Where shared islands' props are published: one file per distinct value, named by its content. */
export const PROPS_DIR = `${ASSETS_DIR}/props`;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

export function isHashedAsset(file: string): boolean {
  return file.startsWith(`${ASSETS_DIR}/`);
}

/** Hashed assets never change under their name; everything else (pages, images, feeds) is revalidated. */
export function cacheControlFor(file: string): string {
  return isHashedAsset(file) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

const TEXT_TYPES = /^(text\/|application\/(javascript|json|xml|.+\+xml|.+\+json)$|image\/svg\+xml$)/;

/** The Content-Type of a built file, with the charset for text. */
export function contentTypeFor(file: string): string {
  const type = lookup(file) ?? 'application/octet-stream';
  return TEXT_TYPES.test(type) ? `${type}; charset=utf-8` : type;
}
