import { z } from 'zod';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import type { RawContent } from '../load/content.ts';
import type { YamlSource } from '../load/yamlSource.ts';
import { readingMinutes } from '../markdown/readingTime.ts';
import type { ParsedMarkdown } from '../markdown/parse.ts';
import type { ArticleSummary, LegalSummary, TemplateSet } from '../model.ts';
import { articleSchema, legalSchema, type ArticleMeta, type LegalMeta } from '../schemas/markdown.ts';
import { siteSchema, type Site } from '../schemas/site.ts';
import { text } from '../schemas/common.ts';
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

export interface MarkdownEntry<M> {
  slug: string;
  href: string;
  meta: M;
  parsed: ParsedMarkdown;
}

/** Validated content: every file has passed its schema. */
export interface ContentModel {
  site: Site;
  siteSource: YamlSource;
  pages: YamlPage[];
  articles: (MarkdownEntry<ArticleMeta> & { summary: ArticleSummary })[];
  legal: (MarkdownEntry<LegalMeta> & { summary: LegalSummary })[];
}

const pageHead = z.object({ template: text, title: text, description: text });

export function pageRoute(name: string): string | undefined {
  if (name === '404') return undefined;
  return name === 'index' ? '/' : `/${name}`;
}

/** Checks every file against its schema; returns the model only when nothing is wrong. */
export function validateContent(raw: RawContent, templates: TemplateSet): { model?: ContentModel; diagnostics: Diagnostic[] } {
  const diagnostics = [...raw.diagnostics];
  let site: Site | undefined;
  if (raw.site) {
    diagnostics.push(...raw.site.errors);
    if (!raw.site.errors.length) {
      const result = validateYaml(raw.site, siteSchema, 'site');
      if (result.ok) site = result.value;
      else diagnostics.push(...result.diagnostics);
    }
  }

  const pages: YamlPage[] = [];
  for (const { name, source } of raw.pages) {
    if (source.errors.length) {
      diagnostics.push(...source.errors);
      continue;
    }
    const head = pageHead.safeParse(source.data);
    const templateName = head.success ? head.data.template : (source.data as { template?: unknown } | undefined)?.template;
    const template = typeof templateName === 'string' ? templates.pages[templateName] : undefined;
    if (!template) {
      const pos = source.locate(['template']);
      const known = Object.keys(templates.pages).sort().join(', ');
      const message = typeof templateName === 'string' ? `unknown template "${templateName}"; expected one of: ${known}` : `missing required key "template" (one of: ${known})`;
      diagnostics.push(diagnostic(source.file, pos.line, pos.column, 'page/template', message));
      continue;
    }
    const schema = template.schema.extend(pageHead.shape).strict();
    const result = validateYaml(source, schema, 'page');
    if (!result.ok) {
      diagnostics.push(...result.diagnostics);
      continue;
    }
    const { template: t, title, description, ...data } = result.value as z.infer<typeof pageHead> & Record<string, unknown>;
    pages.push({ name, route: pageRoute(name), file: source.file, source, template: t, title, description, data });
  }

  const articles = raw.articles.flatMap((entry) => {
    const meta = validateFrontmatter(entry.parsed, articleSchema, 'article', diagnostics);
    if (!meta) return [];
    const href = `/articles/${entry.slug}`;
    const summary: ArticleSummary = { ...meta, slug: entry.slug, href, words: entry.parsed.words, readingMinutes: readingMinutes(entry.parsed.words) };
    return [{ slug: entry.slug, href, meta, parsed: entry.parsed, summary }];
  });

  const legal = raw.legal.flatMap((entry) => {
    const meta = validateFrontmatter(entry.parsed, legalSchema, 'legal', diagnostics);
    if (!meta) return [];
    const href = `/${entry.slug}`;
    return [{ slug: entry.slug, href, meta, parsed: entry.parsed, summary: { ...meta, slug: entry.slug, href } }];
  });

  if (!site || !raw.site) return { diagnostics };
  return { model: { site, siteSource: raw.site, pages, articles, legal }, diagnostics };
}

function validateFrontmatter<S extends z.ZodType>(parsed: ParsedMarkdown, schema: S, rule: string, diagnostics: Diagnostic[]): z.infer<S> | undefined {
  diagnostics.push(...parsed.diagnostics);
  if (!parsed.frontmatter || parsed.frontmatter.errors.length) return undefined;
  const result = validateYaml(parsed.frontmatter, schema, rule);
  if (result.ok) return parsed.diagnostics.length ? undefined : result.value;
  diagnostics.push(...result.diagnostics);
  return undefined;
}
