import { realpathSync } from 'node:fs';
import path from 'node:path';
import { readRedirectRecord, redirectOfFile } from '../hosting/redirects.ts';
import { routeForOutputPath } from '../routes/outputPath.ts';
import { readTreeSync } from '../fileTree.ts';

/**
 * The pages of the last build, as its output folder holds them (`dist`, or watch's own), read
 * once and only when asked: a link check asks when a link is broken, to tell a page that was
 * there (renamed, or removed, since) from a typo. Its redirect pages are no pages. Empty when
 * nothing was built there, or the folder cannot be read.
 */
export function lastBuildPages(outDir: string): () => ReadonlySet<string> {
  let pages: ReadonlySet<string> | undefined;
  return () => (pages ??= readPages(outDir));
}

function readPages(outDir: string): ReadonlySet<string> {
  try {
    // `dist` is a link to its current version: read the version, which no build changes.
    const dir = realpathSync(outDir);
    const redirects = readRedirectRecord(dir);
    const routes = readTreeSync(dir)
      .filter((entry) => entry.isFile() && entry.name === 'index.html')
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((file) => !redirectOfFile(redirects, file))
      .map(routeForOutputPath);
    return new Set(routes.filter((route): route is string => route !== undefined));
  } catch {
    return new Set();
  }
}
