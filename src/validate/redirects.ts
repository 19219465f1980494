import { statSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { keysOf } from '../hosting/keys.ts';
import { ASSETS_DIR } from '../hosting/policy.ts';
import { outputPathForRoute } from '../routes/outputPath.ts';
import type { Redirect } from '../schemas/redirects.ts';
import type { YamlSource } from '../yaml/yamlSource.ts';

/** What a redirect's addresses are checked against: the routes of the site's pages, and the files it publishes besides them. */
export interface SiteAddresses {
  /** Every route a page answers at or a content file owns (a draft's too), with the file it comes from. */
  routes: ReadonlyMap<string, string>;
  /** The routes of the pages this build publishes: a redirect must lead to one of them. */
  published: ReadonlySet<string>;
  /** Whether a path is a file of the site: one of public/, or one the build writes (the sitemap, assets). */
  isFile: (sitePath: string) => boolean;
  /** The content files with errors of their own: a route of one is not published until they are fixed. */
  invalid: ReadonlySet<string>;
}

/** What every build writes besides its pages and the files templates publish (assets/ is the build's too). */
const BUILT_FILES = new Set(['/sitemap.xml', '/robots.txt', '/feed.xml', '/404.html']);

/** Whether a path of the site is a file: one the build writes (`written`, relative to the output), or one of public/. */
export function siteFileTest(publicDir: string, written: Iterable<string>): (sitePath: string) => boolean {
  const built = new Set([...BUILT_FILES, ...[...written].map((file) => `/${file}`)]);
  return (sitePath) =>
    built.has(sitePath) || sitePath.startsWith(`/${ASSETS_DIR}/`) || statSync(path.join(publicDir, sitePath), { throwIfNoEntry: false })?.isFile() === true;
}

/** The paths above `/a/b/c`: `/a` and `/a/b`. */
const ancestors = (sitePath: string) =>
  sitePath
    .split('/')
    .slice(1, -1)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);

/**
 * Why a redirect cannot be written at `from`, or undefined: its page would land on a page or file
 * of the site, or in the build's assets. `pages` holds the keys of the pages' files; `taken` the
 * routes and earlier redirects by their lower case, as disks and hosts that ignore case see them.
 */
function fromProblem(from: string, site: SiteAddresses, pages: ReadonlySet<string>, taken: ReadonlyMap<string, string>): string | undefined {
  const page = site.routes.get(from);
  if (page) return `${from} is the address of a page (${path.basename(page)}): a redirect would hide it`;
  if (site.isFile(from)) return `${from} is a file of the site: a redirect would hide it`;
  const file = ancestors(from).find(site.isFile);
  if (file) return `${file} is a file of the site: no address can be under it`;
  if (from.split('/').at(-1)!.toLowerCase() === 'index.html')
    return `${from} ends in index.html, the file a page of a folder is written to: its redirect would take the place of a page, or fail the build`;
  const lower = from.toLowerCase();
  if (lower === `/${ASSETS_DIR}` || lower.startsWith(`/${ASSETS_DIR}/`))
    return `${from} is in /${ASSETS_DIR}, the build's own scripts and styles, which browsers keep for a year: a redirect there could never be changed`;
  const key = keysOf(outputPathForRoute(from)).find((k) => pages.has(k) || site.isFile(`/${k}`));
  if (key) return `${from} would be published as /${key}, which ${pages.has(key) ? 'a page' : 'a file of the site'} already is: a redirect would replace it`;
  const same = taken.get(lower);
  if (same) return `${from} differs from ${same} only in case, which some disks and hosts treat as the same: a redirect there would replace it`;
  return undefined;
}

/**
 * Checks content/redirects.yaml against the site: an old address that a page or file still has
 * (or would lose its page to the redirect's, on any disk or host), a target no page has, a target that is itself redirected (a chain, or a loop back), and an
 * old address redirected twice. A target given as an https:// address is another site's: it is
 * not checked.
 */
export function checkRedirects(redirects: readonly Redirect[], source: YamlSource, site: SiteAddresses): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const at = (i: number, key: 'from' | 'to') => source.locate(['redirects', i, key]);
  const first = new Map<string, number>();
  redirects.forEach(({ from }, i) => {
    if (!first.has(from)) first.set(from, i);
  });
  const routes = [...site.routes.keys()];
  const pages = new Set(routes.flatMap((route) => keysOf(outputPathForRoute(route))));
  const taken = new Map(routes.map((route) => [route.toLowerCase(), route]));

  redirects.forEach(({ from, to }, i) => {
    const earlier = first.get(from)!;
    if (earlier !== i) {
      diagnostics.push(
        diagnostic(
          source.file,
          at(i, 'from'),
          'redirects/duplicate',
          `${from} is already redirected at line ${at(earlier, 'from').line}: an address can lead to one place only`,
        ),
      );
      return;
    }
    const problem = fromProblem(from, site, pages, taken);
    if (problem) diagnostics.push(diagnostic(source.file, at(i, 'from'), 'redirects/from-page', problem));
    if (!taken.has(from.toLowerCase())) taken.set(from.toLowerCase(), from);

    // Follows the redirects from here: to a loop, or to the first address that is not redirected.
    const hops = [from];
    let next = to;
    while (first.has(next) && !hops.includes(next)) {
      hops.push(next);
      next = redirects[first.get(next)!]!.to;
    }
    const route = [...hops, next].join(' → ');
    if (first.has(next)) diagnostics.push(diagnostic(source.file, at(i, 'to'), 'redirects/loop', `${route} is a loop: no page is ever reached`));
    else if (hops.length > 1)
      diagnostics.push(diagnostic(source.file, at(i, 'to'), 'redirects/chain', `${route} is a chain of redirects: point ${from} straight at ${next}`));
    else if (!to.startsWith('https://') && !site.published.has(to)) {
      const file = site.routes.get(to);
      const why = file && site.invalid.has(file) ? 'until its errors are fixed' : '(a draft, or scheduled for later)';
      const message = file
        ? `${to} is ${path.basename(file)}, which this build does not publish ${why}: the redirect would lead nowhere`
        : `no page has the address ${to}`;
      diagnostics.push(diagnostic(source.file, at(i, 'to'), 'redirects/broken', message));
    }
  });
  return diagnostics;
}
