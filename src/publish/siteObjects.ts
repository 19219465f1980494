import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { keysOf } from '../hosting/keys.ts';
import { cacheControlFor, contentTypeFor } from '../hosting/policy.ts';
import { readRedirectRecord, redirectOfFile } from '../hosting/redirects.ts';
import { s3Etags } from './etag.ts';
import { readTree } from '../fileTree.ts';

/** Pages go up after the assets they point at, and the files that list pages (feed, sitemap, robots.txt) after the pages. */
export type Phase = 'assets' | 'pages' | 'lists';

/** One built file and the bucket keys it is stored under. */
export interface SiteFile {
  /** Path relative to the built folder, with forward slashes. */
  file: string;
  /** Bucket keys (prefix included): `about/index.html` and, for a page, its exact path `about`. */
  keys: string[];
  size: number;
  /** The ETags the bucket may report for these bytes (single-part, and multipart when large). */
  etags: string[];
  contentType: string;
  cacheControl: string;
  /** Where a permanent redirect's page sends visitors: the bucket's website endpoint answers its keys with a 301 there. */
  websiteRedirectLocation?: string;
  phase: Phase;
}

const PAGE_LISTS = new Set(['sitemap.xml', 'feed.xml', 'robots.txt']);

/** Every file of a built site with its keys and headers, pages answering at their exact path, permanent redirects' pages with their Location. */
export async function siteFiles(dir: string, prefix: string): Promise<SiteFile[]> {
  const entries = await readTree(dir);
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => keysOf(f).length)
    .sort();
  const redirects = readRedirectRecord(dir);
  const limit = pLimit(32);
  return Promise.all(
    files.map((file) =>
      limit(async () => {
        const body = await readFile(path.join(dir, file));
        const redirect = redirectOfFile(redirects, file);
        return {
          file,
          keys: keysOf(file).map((k) => prefix + k),
          size: body.length,
          etags: s3Etags(body),
          contentType: contentTypeFor(file),
          cacheControl: cacheControlFor(file),
          // S3 answers this header with 301 only, which browsers keep: a temporary redirect is its page alone, so it can be changed.
          ...(redirect?.status === 301 && { websiteRedirectLocation: redirect.location }),
          phase: PAGE_LISTS.has(file) ? 'lists' : file.endsWith('.html') ? 'pages' : 'assets',
        } satisfies SiteFile;
      }),
    ),
  );
}
