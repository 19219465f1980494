import type { Diagnostic } from '../diagnostics.ts';
import type { SiteRule } from '../model.ts';
import { catalogueEntry, ruleHeading } from '../rules.ts';

/** Where the catalogue explains one of the site's rules: under its heading `KIND/<name>`. */
export const siteRuleDocs = (name: string): string => catalogueEntry(`KIND/${name}`);

/**
 * The problems found under the site's own rules, given the severity, hint and docs their
 * declaration says; a rule the site does not declare is said to be one (a template's mistake, named to its developer).
 */
export function withSiteRules(diagnostics: readonly Diagnostic[], rules: Readonly<Record<string, SiteRule>> = {}): Diagnostic[] {
  return diagnostics.map((d) => {
    // The generator's own rules have their entries already.
    if (ruleHeading(d.rule)) return d;
    const name = d.rule.slice(d.rule.lastIndexOf('/') + 1);
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) return { ...d, hint: `"${name}" is not one of the rules the site declares: declare it in the site's rules (templates/rules.ts)` };
    return { ...d, severity: rule.severity, hint: rule.hint, docs: siteRuleDocs(name) };
  });
}
