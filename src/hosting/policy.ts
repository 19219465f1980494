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

/** A content hash in a name the build gives: 8 or more letters and digits (esbuild's, `contentHash`'s, an image's). */
const HASH = '[A-Za-z0-9]{8,}';
/** `site-HASH.css`, `island-NAME-HASH.js`, `props/NAME-HASH.json`; a processed image's `HASH-640.webp` and `HASH-og50x50.jpg`. */
const HASHED_FILE_NAME = new RegExp(`^(?:[^/]*-${HASH}|${HASH}-(?:\\d+|og\\d+x\\d+))\\.[A-Za-z0-9]+$`);
/** The folder a template's data files share, named by their content (`blog/HASH/catalog.json`). */
const HASH_FOLDER = new RegExp(`^${HASH}$`);

/**
 * Whether a built file is one the build names by its content, and so never changes under its
 * name: a file under assets/ with a hash in its name, or in a folder named by one. The folder
 * alone is not enough (watch's `site.css` is there, unhashed); and public/ may put nothing under
 * assets/ (`public/build-path`), so no editor's file takes such a name.
 */
export function isHashedAsset(file: string): boolean {
  const [top, ...rest] = file.split('/');
  if (top !== ASSETS_DIR || !rest.length) return false;
  return HASHED_FILE_NAME.test(rest.at(-1)!) || rest.slice(0, -1).some((folder) => HASH_FOLDER.test(folder));
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
