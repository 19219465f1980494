import { ASSETS_DIR } from '../hosting/policy.ts';

/**
 * Content hashes in the names of built assets, as pages refer to them: `site-HASH.css` (the
 * stylesheet), `island-NAME-HASH.js`, `loader-HASH.js` and `chunk-HASH.js` (esbuild), and
 * `blog/HASH/` (a folder of data files a template publishes). A hash is 8 or more letters and
 * digits, either a whole part of the path or the last `-` part of a file's name.
 */
const ASSET_REFERENCE = new RegExp(`/${ASSETS_DIR}/[A-Za-z0-9._/-]+`, 'g');
const HASH_PART = /(?<=\/)[A-Za-z0-9]{8,}(?=\/)|-[A-Za-z0-9]{8,}(?=\.[A-Za-z0-9]+$)|(?<=\/)[A-Za-z0-9]{8,}$/g;

/** An asset path with its hashes replaced by `#`: the same name whatever the build. */
export function unhashedAssetPath(reference: string): string {
  return reference.replace(HASH_PART, (hash) => (hash.startsWith('-') ? '-#' : '#'));
}

/**
 * A file's bytes with every reference to a hashed asset unhashed, so that a page which only
 * points at a rebuilt stylesheet or script reads the same as before. Read as latin1, which maps
 * each byte to one character and back, so any file (an image too) goes through unharmed.
 */
export function withoutAssetHashes(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1').replace(ASSET_REFERENCE, unhashedAssetPath);
}
