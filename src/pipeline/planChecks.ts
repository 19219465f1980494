import { isError, type Diagnostic } from '../diagnostics.ts';
import type { PublicFile } from '../load/publicFiles.ts';
import type { SitePlan } from '../plan/plannedPages.ts';
import { checkBuildPaths } from '../validate/buildPaths.ts';
import { checkDistinctTitles, checkReferences } from '../validate/crossChecks.ts';
import type { KeptLinkChecks } from '../validate/keptLinkChecks.ts';
import { checkRedirects, siteFileTest } from '../validate/redirects.ts';
import type { ContentModel } from '../validate/validateContent.ts';
import type { YamlSource } from '../yaml/yamlSource.ts';
import { redirectsOf } from './phases.ts';

/** What the checks across files need besides the model and the plan. */
export interface PlanCheckInputs {
  /** Each content file's own route (a draft's too), with the file. */
  owned: Map<string, string>;
  /** content/redirects.yaml as read, when the site has it. */
  redirectsSource: YamlSource | undefined;
  publicDir: string;
  /** What public/ publishes, as its walk found it. */
  publicFiles: readonly PublicFile[];
  /** The diagnostics found so far: a redirect to a file with errors says why it leads nowhere. */
  found: readonly Diagnostic[];
  linkChecks: KeptLinkChecks | undefined;
  /** The pages of the last build (`lastBuildPages`), asked when a link is broken. */
  lastBuild: () => ReadonlySet<string>;
}

/**
 * The checks across files, once the plan's routes are known: every link and image against the
 * routes and public/, titles a collection wants distinct, public/'s files against the paths the
 * build writes, and redirects.yaml against the pages.
 */
export function checkAgainstPlan(
  model: ContentModel,
  plan: SitePlan,
  { owned, redirectsSource, publicDir, publicFiles, found, linkChecks, lastBuild }: PlanCheckInputs,
): Diagnostic[] {
  // A file's own route, and the further pages of its template (the blog's numbered and category pages).
  const routes = new Map([...plan.routes, ...owned]);
  const routeOf = new Map([...owned].map(([route, file]) => [file, route]));
  const redirects = redirectsOf(model);
  // An old address that a page still has is an error of redirects.yaml, not a redirect links should follow.
  const redirected = new Map(redirects?.filter((r) => !routes.has(r.from)).map((r): [string, string] => [r.from, r.to]));
  const all = [
    ...checkReferences(model, routes, (file) => routeOf.get(file), publicDir, redirected, linkChecks, lastBuild),
    ...checkDistinctTitles(model),
    ...checkBuildPaths(publicFiles, { routes: routes.keys(), files: plan.files.keys() }),
  ];
  if (!redirects || !redirectsSource) return all;
  const invalid = new Set([...found, ...all].filter(isError).map((d) => d.file));
  const addresses = { routes, published: new Set(plan.routes.keys()), isFile: siteFileTest(publicDir, plan.files.keys()), invalid };
  return [...all, ...checkRedirects(redirects, redirectsSource, addresses)];
}
