import { z } from 'zod';
import type { AnalysedMarkdown } from '../build/markdownWorkspace.tsx';
import { articleSummary, legalSummary } from '../build/pageJobs.tsx';
import { diagnostic, templateDiagnostic, type Diagnostic } from '../diagnostics.ts';
import type { RawContent } from '../load/content.ts';
import type { YamlSource } from '../load/yamlSource.ts';
import type { ArticleSummary, LegalSummary, TemplateSet } from '../model.ts';
import { pageRoute } from '../routes/routes.ts';
import { text } from '../schemas/common.ts';
import { pricingSchema, type Pricing } from '../schemas/pricing.ts';
import { siteSchema, type Site } from '../schemas/site.ts';
import { validateYaml } from './zodDiagnostics.ts';

export interface YamlPage {
  name: string;
  route: string | undefined;
  file: string;
  source: YamlSource;
  template: string;
  title: string;
  description: string;
  data: Record<string, unknown>;
}

/** Validated content: every file has passed its schema. */
export interface ContentModel {
  site: Site;
  siteSource: YamlSource;
  pricing?: { data: Pricing; source: YamlSource };
  pages: YamlPage[];
  articles: (AnalysedMarkdown & { summary: ArticleSummary })[];
  legal: (AnalysedMarkdown & { summary: LegalSummary })[];
}

const pageHead = z.object({ template: text, title: text, description: text });

/** A settings file's value when it parses and passes its schema; its problems go to `diagnostics`. */
function validateFile<S extends z.ZodType>(source: YamlSource, schema: S, rulePrefix: string, diagnostics: Diagnostic[]): z.infer<S> | undefined {
  diagnostics.push(...source.errors);
  if (source.errors.length) return undefined;
  const result = validateYaml(source, schema, rulePrefix);
  if (result.ok) return result.value;
  diagnostics.push(...result.diagnostics);
  return undefined;
}

/** Checks every file against its schema; returns the model only when the site settings are valid. */
export function validateContent(raw: RawContent, markdown: AnalysedMarkdown[], templates: TemplateSet): { model?: ContentModel; diagnostics: Diagnostic[] } {
  const diagnostics = [...raw.diagnostics];
  const site = raw.site && validateFile(raw.site, siteSchema, 'site', diagnostics);
  const pricingData = raw.pricing && validateFile(raw.pricing, pricingSchema, 'pricing', diagnostics);
  const pricing = raw.pricing && pricingData ? { data: pricingData, source: raw.pricing } : undefined;

  const pages: YamlPage[] = [];
  for (const { name, source } of raw.pages) {
    if (source.errors.length) {
      diagnostics.push(...source.errors);
      continue;
    }
    const templateName = (source.data as { template?: unknown } | undefined)?.template;
    const template = typeof templateName === 'string' ? templates.pages[templateName] : undefined;
    if (!template) {
      const known = Object.keys(templates.pages).sort().join(', ');
      const message = typeof templateName === 'string' ? `unknown template "${templateName}"; expected one of: ${known}` : `missing required key "template" (one of: ${known})`;
      diagnostics.push(diagnostic(source.file, source.locate(['template']), 'page/template', message));
      continue;
    }
    const result = validateYaml(source, template.schema.extend(pageHead.shape).strict(), 'page');
    if (!result.ok) {
      diagnostics.push(...result.diagnostics);
      continue;
    }
    const { template: t, title, description, ...data } = result.value as z.infer<typeof pageHead> & Record<string, unknown>;
    // An invalid pricing.yaml has already been reported: references into it are checked once it is valid.
    if (template.check && (pricing || !raw.pricing)) {
      for (const problem of template.check(data, { pricing: pricing?.data })) {
        diagnostics.push(templateDiagnostic(source.file, source.locate(problem.path), problem));
      }
    }
    pages.push({ name, route: pageRoute(name), file: source.file, source, template: t, title, description, data });
  }

  const articles: ContentModel['articles'] = [];
  const legal: ContentModel['legal'] = [];
  for (const doc of markdown) {
    diagnostics.push(...doc.facts.diagnostics);
    if (!doc.facts.meta) continue;
    if (doc.facts.kind === 'article') articles.push({ ...doc, summary: articleSummary(doc.facts) });
    else legal.push({ ...doc, summary: legalSummary(doc.facts) });
  }

  if (!site || !raw.site) return { diagnostics };
  return { model: { site, siteSource: raw.site, pricing, pages, articles, legal }, diagnostics };
}
