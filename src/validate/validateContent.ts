import { z } from 'zod';
import { diagnostic, templateDiagnostic, type Diagnostic } from '../diagnostics.ts';
import type { RawContent } from '../load/content.ts';
import type { AnalysedMarkdown } from '../markdown/analysed.ts';
import type { Collection, PageTemplate, Release, Site, SiteData, SiteDefinition } from '../model.ts';
import { pageHead } from '../schemas/page.ts';
import { didYouMean } from '../suggestion.ts';
import { validateYaml } from '../yaml/zodDiagnostics.ts';
import type { YamlSource } from '../yaml/yamlSource.ts';
import { releaseOf, summaryOf, type Entry, type FailingEntry } from './entries.ts';
import type { KeptEntries } from './keptEntries.ts';

export interface YamlPage {
  name: string;
  file: string;
  source: YamlSource;
  template: string;
  title: string;
  description: string;
  data: Record<string, unknown>;
  /** The schema the file passed: its template's, with the keys every page has. */
  schema: z.ZodType;
}

/** A YAML file with the schema it is read with, which says where its links and images are. */
export interface SchemaSource {
  source: YamlSource;
  schema: z.ZodType;
}

/** Which entries a build publishes: on which day, and whether drafts and scheduled entries are shown too. */
export interface ReleaseOptions {
  /** The build's day, YYYY-MM-DD (SOURCE_DATE_EPOCH's when set). */
  today: string;
  /** Show drafts and entries scheduled for a later day (watch, `build --drafts`), marked and kept from search engines. */
  drafts: boolean;
}

/** Validated content: every file has passed its schema. */
export interface ContentModel {
  site: Site;
  /** The data files' validated values by name (site included); an optional file the site lacks is undefined. */
  data: SiteData;
  /** The data files as read, with their schemas, for the checks that point into them. */
  dataSources: SchemaSource[];
  pages: YamlPage[];
  /** The entries this build publishes: with `drafts`, every valid entry. */
  entries: Entry[];
  /** Valid entries this build leaves out (drafts and scheduled ones, in a production build): links to them are errors. */
  withheld: Entry[];
  /** Files of a collection that have errors: not pages, but links to them and their own links are checked. */
  failing: FailingEntry[];
  /** YAML pages that name no template or fail its schema: not pages, but their links and images are checked. */
  failingPages: SchemaSource[];
  /** Whether drafts and scheduled entries are shown (then a link to one is a warning: the production build will refuse it). */
  drafts: boolean;
  /** The day the model was made for (YYYY-MM-DD): the entries published are those dated on or before it. */
  today: string;
}

/**
 * Each source's validation by the schemas it was checked against. A source kept between builds
 * (KeptDocuments, watch) is the same object with the same frozen data, so its validation is too.
 */
const validations = new WeakMap<YamlSource, Map<z.ZodType, ReturnType<typeof validateYaml>>>();

function validated(source: YamlSource, schema: z.ZodType, rulePrefix: string): ReturnType<typeof validateYaml> {
  const bySchema = validations.get(source) ?? new Map<z.ZodType, ReturnType<typeof validateYaml>>();
  validations.set(source, bySchema);
  const hit = bySchema.get(schema);
  if (hit) return hit;
  const result = validateYaml(source, schema, rulePrefix);
  bySchema.set(schema, result);
  return result;
}

/** A data file's value when it parses and passes its schema; its problems go to `diagnostics`. */
function validateFile(name: string, source: YamlSource, schema: z.ZodType, diagnostics: Diagnostic[]): { value?: unknown } {
  diagnostics.push(...source.errors);
  if (source.errors.length) return {};
  const result = validated(source, schema, name);
  if (result.ok) return { value: result.value };
  diagnostics.push(...result.diagnostics);
  return {};
}

/** Checks every file against its schema; returns the model only when the site settings are valid. */
export function validateContent(
  raw: RawContent,
  markdown: AnalysedMarkdown[],
  definition: SiteDefinition,
  release: ReleaseOptions,
  kept?: KeptEntries,
): { model?: ContentModel; diagnostics: Diagnostic[] } {
  const diagnostics = [...raw.diagnostics];
  const data: Record<string, unknown> = {};
  // A data file that fails its schema has been reported: the pages that refer into it are checked once it is valid.
  let dataValid = true;
  for (const [name, { schema }] of Object.entries(definition.data)) {
    const source = raw.data[name];
    if (!source) continue;
    const { value } = validateFile(name, source, schema, diagnostics);
    if (value === undefined) dataValid = false;
    data[name] = value;
  }

  const pages: YamlPage[] = [];
  const failingPages: SchemaSource[] = [];
  // A page naming no known template may be meant for any of them.
  const anyPage = () => z.union(Object.values(definition.pages).map(pageSchema));
  for (const { name, source } of raw.pages) {
    if (source.errors.length) {
      diagnostics.push(...source.errors);
      continue;
    }
    const templateName = (source.data as { template?: unknown } | undefined)?.template;
    const template = typeof templateName === 'string' ? definition.pages[templateName] : undefined;
    if (!template) {
      const names = Object.keys(definition.pages).sort();
      const known = names.join(', ');
      const message =
        typeof templateName === 'string'
          ? `unknown template "${templateName}"; expected one of: ${known}${didYouMean(templateName, names)}`
          : `missing required key "template" (one of: ${known})`;
      diagnostics.push(diagnostic(source.file, source.locate(['template']), 'page/template', message));
      failingPages.push({ source, schema: anyPage() });
      continue;
    }
    const schema = pageSchema(template);
    const result = validated(source, schema, 'page');
    if (!result.ok) {
      diagnostics.push(...result.diagnostics);
      failingPages.push({ source, schema });
      continue;
    }
    const { template: t, title, description, ...pageData } = result.value as z.infer<typeof pageHead> & Record<string, unknown>;
    if (template.check && dataValid) {
      for (const problem of template.check(pageData, data)) {
        diagnostics.push(templateDiagnostic(source.file, source.locate(problem.path), problem));
      }
    }
    pages.push({ name, file: source.file, source, template: t, title, description, data: pageData, schema });
  }

  const byName = new Map(definition.collections.map((c) => [c.name, c]));
  const entries: Entry[] = [];
  const withheld: Entry[] = [];
  const failing: FailingEntry[] = [];
  for (const doc of markdown) {
    diagnostics.push(...doc.facts.diagnostics);
    const collection = byName.get(doc.facts.collection);
    if (!collection) continue;
    if (!doc.facts.meta) {
      failing.push({ collection, doc, release: guessedRelease(collection, doc.facts.validFields ?? {}, release.today) });
      continue;
    }
    const entry = kept?.entry(collection, doc, release.today) ?? { collection, doc, ...summaryOf(collection, doc.facts, release.today) };
    (entry.release.status === 'published' || release.drafts ? entries : withheld).push(entry);
  }
  kept?.forgetAllBut(new Set(markdown.map((doc) => doc.facts.file)));

  const site = data.site as Site | undefined;
  if (!site) return { diagnostics };
  const dataSources = Object.entries(raw.data).flatMap(([name, source]) => (source ? [{ source, schema: definition.data[name]!.schema }] : []));
  return { model: { site, data, dataSources, pages, entries, withheld, failing, failingPages, ...release }, diagnostics };
}

/** A page's schema: its template's keys and those every page has, made once per template (its validations are kept by schema). */
const pageSchemas = new WeakMap<PageTemplate, z.ZodType>();
function pageSchema(template: PageTemplate): z.ZodType {
  const made = pageSchemas.get(template) ?? template.schema.extend(pageHead.shape).strict();
  pageSchemas.set(template, made);
  return made;
}

/** A failing file's release from the fields it has right; published when they cannot say (its collection's rule may need a field it got wrong). */
function guessedRelease(collection: Collection, fields: Record<string, unknown>, today: string): Release {
  try {
    return releaseOf(collection, fields, today);
  } catch {
    return { status: 'published' };
  }
}
