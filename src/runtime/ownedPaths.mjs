// The paths sitegen creates, replaces or deletes, looked at before it writes there: with lstat,
// never stat, so that a link planted where one of them belongs is never written through. Plain
// JavaScript: src/runtime/compile.mjs, which runs before the generator is compiled, uses it too.
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** What a file system entry is, in words. */
export function what(info) {
  if (info.isDirectory()) return 'a folder';
  if (info.isSymbolicLink()) return 'a link';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  return info.isFile() ? 'a file' : 'a device';
}

/** What stands at `at` in place of the `kind` sitegen writes there ('a link', 'a file', …), or undefined when it is one, or nothing is there. */
export function inPlaceOf(at, kind) {
  const info = lstatOrNothing(at);
  if (!info || (kind === 'file' ? info.isFile() : info.isDirectory())) return undefined;
  return what(info);
}

/**
 * Makes `dir`, a folder of sitegen's own that holds nothing the user wrote (a cache), a real
 * folder: a link there is removed (the link, never what it leads to), and so is a file, a FIFO
 * or a socket. Returns what was removed, or undefined.
 */
export function ownFolder(dir) {
  const found = inPlaceOf(dir, 'folder');
  if (found) rmSync(dir, { force: true });
  mkdirSync(dir, { recursive: true });
  return found;
}

/** Thrown, before anything is written there, when a path sitegen writes that the user owns (the output, a version of it) is a link. */
export class LinkRefused extends Error {
  constructor(at, meant) {
    super(
      `refusing to write ${path.relative(process.cwd(), at) || at}: it is a link, and sitegen writes ${meant} only where it is, never where a link leads: remove the link`,
    );
    this.path = at;
  }
}

/** Throws LinkRefused when `at` is a link. */
export function refuseLink(at, meant) {
  if (lstatOrNothing(at)?.isSymbolicLink()) throw new LinkRefused(at, meant);
}

/** The entry at `at`, not followed; undefined when there is none (a file where one of its folders belongs: the write there says so). */
function lstatOrNothing(at) {
  try {
    return lstatSync(at);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  }
}
