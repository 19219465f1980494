import type { Paths } from '../config.ts';
import { ContentError, isError, type Diagnostic } from '../diagnostics.ts';
import type { UnreleasedPages } from '../hosting/buildMode.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import { planSite } from '../plan/pagePlan.tsx';
import type { SitePlan } from '../plan/plannedPages.ts';
import { fileRoutes } from '../plan/routes.ts';
import { placeSite, type SiteAddress } from '../routes/urls.ts';
import { checkEntries } from '../validate/crossChecks.ts';
import { lastBuildPages } from '../validate/lastBuild.ts';
import { withSiteRules } from '../validate/siteRules.ts';
import { validateContent, type ContentModel, type ReleaseOptions } from '../validate/validateContent.ts';
import type { KeptContent } from './keptContent.ts';
import { unreleasedPages, type ReadContent } from './phases.ts';
import { checkAgainstPlan } from './planChecks.ts';

/** What validating and planning are given of the builder's lifelong state. */
export interface ModelSetup {
  paths: Paths;
  address: SiteAddress;
  kept: KeptContent;
}

/** The content as a build renders it: its model, the plan of every page, the warnings, and its drafts and scheduled pages. */
export interface ModelledContent {
  model: ContentModel;
  plan: SitePlan;
  warnings: Diagnostic[];
  unreleased: UnreleasedPages;
}

/**
 * Validate → plan: every file against its schema, each collection's checks of its entries and
 * public/'s links → the model of the valid files; the model → every page of the site, then the
 * checks across files against the plan's routes. Any error stops the build here (a
 * `ContentError` with every problem); what is left are warnings.
 */
export function modelContent(setup: ModelSetup, read: ReadContent, analysed: AnalysedMarkdown[], release: ReleaseOptions): ModelledContent {
  const { paths, address, kept } = setup;
  const { definition, raw } = read;
  const validated = validateContent(raw, analysed, definition, release, kept.entries);
  const entryProblems = validated.model ? checkEntries(validated.model) : [];
  const all = withSiteRules([...validated.diagnostics, ...entryProblems, ...kept.publicContent(paths).diagnostics], definition.rules);
  // Pages, their heads, the sitemap and the feed see the site at the address it is published at.
  const site = validated.model && placeSite(validated.model.site, address);
  const model = validated.model && site && { ...validated.model, site, data: { ...validated.model.data, site } };
  const owned = fileRoutes(raw, definition);
  all.push(...owned.diagnostics);
  const plan = model && planSite(model, definition, kept.plan);
  if (model && plan)
    all.push(
      ...checkAgainstPlan(model, plan, {
        owned: owned.routes,
        redirectsSource: raw.data.redirects,
        publicDir: paths.public,
        publicFiles: kept.publicContent(paths).files,
        found: all,
        linkChecks: kept.linkChecks,
        lastBuild: lastBuildPages(paths.out),
      }),
    );
  // What is left once no error stopped the build are warnings: shown, and the site is built.
  if (all.some(isError) || !model || !plan) throw new ContentError(all);
  return { model, plan, warnings: all, unreleased: unreleasedPages(model, owned.routes) };
}
