import { routeForOutputPath } from '../routes/outputPath.ts';

/**
 * The one mapping between built files and the keys a bucket holds after `sitegen publish`;
 * `sitegen serve` answers by its inverse, so the preview answers exactly what the bucket will.
 */

/** Files sitegen keeps for itself (a dot in any part of the path) are never published. */
function isPrivate(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.'));
}

/** The keys a built file is stored under: its path and, for a page, its route (`about`), so clean URLs answer without a redirect. */
export function keysOf(file: string): string[] {
  if (isPrivate(file)) return [];
  const route = routeForOutputPath(file);
  return route && route !== '/' ? [file, route.slice(1)] : [file];
}

/**
 * The built file that answers a key (a request path without its first `/`), or undefined:
 * the inverse of `keysOf`, plus `index.html` for the empty key, as a bucket's website endpoint
 * answers `/`. A key with an empty, `.` or `..` part is no key of a bucket.
 */
export function fileForKey(key: string, isFile: (file: string) => boolean): string | undefined {
  if (key === '') return isFile('index.html') ? 'index.html' : undefined;
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..') || isPrivate(key)) return undefined;
  if (isFile(key)) return key;
  const page = `${key}/index.html`;
  return keysOf(page).includes(key) && isFile(page) ? page : undefined;
}
