import { diagnostic, FILE_START, type Diagnostic } from '../diagnostics.ts';
import { keysOf } from '../hosting/keys.ts';
import { ASSETS_DIR } from '../hosting/policy.ts';
import type { PublicFile } from '../load/publicFiles.ts';
import { outputPathForRoute } from '../routes/outputPath.ts';

/** The files every build writes besides its pages (the feed's whether or not the site has one yet), with what each is. */
const SITE_FILES: [file: string, what: string][] = [
  ['404.html', 'the not-found page'],
  ['sitemap.xml', 'the sitemap'],
  ['robots.txt', 'robots.txt'],
  ['feed.xml', 'the feed'],
];

/** What the build writes, as `checkBuildPaths` compares a file of public/ with it. */
export interface BuildPaths {
  /** Every route a page answers at or a content file owns (a draft's too, whether this build writes it or not). */
  routes: Iterable<string>;
  /** The data files templates publish, by path in the output. */
  files: Iterable<string>;
}

/** The folders a path lies in: `a/b/c` is in `a` and `a/b`. */
const folders = (file: string) =>
  file
    .split('/')
    .slice(0, -1)
    .map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/**
 * The paths of the output are the build's: a file of public/ where the build writes one (a page,
 * the sitemap, the feed, robots.txt, 404.html, a template's data file, anything in assets/) would
 * be replaced by it without a word, and one in assets/ would be served as a hashed asset, cached
 * for a year. Compared by key, as the bucket stores them (`about/index.html` is also `about`), and
 * by lower case, as disks and hosts that ignore case see them.
 */
export function checkBuildPaths(files: readonly PublicFile[], built: BuildPaths): Diagnostic[] {
  // By lower case: the key or file the build writes, and what it is.
  const keys = new Map<string, { key: string; what: string }>();
  const written = new Map<string, { key: string; what: string }>();
  const add = (file: string, what: string) => {
    written.set(file.toLowerCase(), { key: file, what });
    for (const key of keysOf(file)) if (!keys.has(key.toLowerCase())) keys.set(key.toLowerCase(), { key, what });
  };
  for (const route of built.routes) add(outputPathForRoute(route), `the page ${route}`);
  for (const [file, what] of SITE_FILES) add(file, what);
  for (const file of built.files) add(file, 'a data file a template publishes');

  const diagnostics: Diagnostic[] = [];
  for (const { rel, shown } of files) {
    const problem = (message: string) => diagnostics.push(diagnostic(shown, FILE_START, 'public/build-path', message));
    if (rel.split('/')[0]!.toLowerCase() === ASSETS_DIR) {
      problem(`/${rel} is in /${ASSETS_DIR}/, the build's own folder of files named by their content, which browsers and CDNs keep for a year`);
      continue;
    }
    // The same key in the bucket (`about` is also the page's), or a folder where the build writes a file (`sitemap.xml/x`).
    const clash = keysOf(rel)
      .map((key) => [key, keys.get(key.toLowerCase())] as const)
      .concat(folders(rel).map((folder) => [folder, written.get(folder.toLowerCase())] as const))
      .find(([, found]) => found);
    if (!clash) continue;
    const [mine, { key, what }] = clash as [string, { key: string; what: string }];
    const caseOnly = mine === key ? '' : ` (/${mine} differs from it only in case, which some disks and hosts treat as the same)`;
    problem(`the build writes ${what} at /${key}${caseOnly}: it would replace this file without a word`);
  }
  return diagnostics;
}
