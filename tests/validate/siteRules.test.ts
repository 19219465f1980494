import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diagnostic, FILE_START, siteDiagnostic, templateDiagnostic } from '../../src/diagnostics.ts';
import { formatDiagnostics } from '../../src/diagnosticFormats.ts';
import { withSiteRules } from '../../src/validate/siteRules.ts';
import { parseYaml } from '../../src/yaml/yamlSource.ts';
import { validateYaml } from '../../src/yaml/zodDiagnostics.ts';
import { definition } from '../../templates/index.ts';
import { rules } from '../../templates/rules.ts';

const at = { line: 4, column: 9 };

describe("the site's own rules", () => {
  it('give a problem found under one the severity, hint and catalogue entry its declaration says, whoever found it', () => {
    const found = [
      templateDiagnostic('content/pages/partners.yaml', at, {
        path: ['blocks', 2, 'plan'],
        rule: 'offer-plan',
        message: 'group "brands" has no plan "Starter"',
      }),
      siteDiagnostic('content/pricing.yaml', at, 'pricing/no-price', 'it has neither prices nor a display'),
    ];
    expect(withSiteRules(found, definition.rules)).toEqual([
      { ...found[0], severity: 'error', hint: rules['offer-plan'].hint, docs: 'docs/editors/rules.md#kindoffer-plan' },
      { ...found[1], severity: 'error', hint: rules['no-price'].hint, docs: 'docs/editors/rules.md#kindno-price' },
    ]);
  });

  it("reach a schema's refinement through params: { rule }, as the kind of file then the rule", () => {
    const schema = z
      .unknown()
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: [], message: 'two plans are popular', params: { rule: 'popular' } }));
    const refused = validateYaml(parseYaml('pricing.yaml', 'currency: USD\n'), schema, 'pricing');
    expect(refused.ok).toBe(false);
    const ruled = withSiteRules(refused.ok ? [] : refused.diagnostics, definition.rules).filter((d) => d.rule === 'pricing/popular');
    expect(ruled.map((d) => d.hint)).toEqual([rules.popular.hint]);
  });

  it("leave the generator's rules as its catalogue says, and name a rule the site never declared", () => {
    const own = diagnostic('content/site.yaml', FILE_START, 'site/unknown-key', 'unknown key "titel"');
    expect(withSiteRules([own], definition.rules)).toEqual([own]);
    const [stray] = withSiteRules([siteDiagnostic('content/pricing.yaml', at, 'pricing/no-prices', 'm')], definition.rules);
    expect(stray!.hint).toBe('"no-prices" is not one of the rules the site declares: declare it in the site\'s rules (templates/rules.ts)');
  });

  it('a warning among them is printed as a warning', () => {
    const [warned] = withSiteRules([siteDiagnostic('content/pricing.yaml', at, 'pricing/popular', 'two plans are popular')], {
      popular: { ...rules.popular, severity: 'warning' },
    });
    expect(warned!.severity).toBe('warning');
    expect(formatDiagnostics([warned!])).toContain('warning');
  });
});
