import { z } from 'zod';
import { isError, type Diagnostic, type Place } from '../diagnostics.ts';
import type { ImageSource } from '../islands/images.tsx';
import type { ImageSizer } from '../load/imageSizes.ts';
import type { Collection, HeadingInfo, SourceRef } from '../model.ts';
import { referencesIn } from '../schemas/references.ts';
import { validateYaml } from '../yaml/zodDiagnostics.ts';
import type { ParsedMarkdown } from './parse.ts';

/** What the rest of the build needs to know about a markdown file: plain data, so it can cross threads and be cached. */
export interface MarkdownFacts {
  /** The name of the file's collection. */
  collection: string;
  slug: string;
  file: string;
  /** Validated frontmatter; undefined when the file has errors. */
  meta: Record<string, unknown> | undefined;
  /** When the file has errors: the frontmatter fields that pass their own schema, enough to tell whether it is a draft or scheduled. */
  validFields?: Record<string, unknown>;
  words: number;
  /** Links of the body and of the frontmatter (its fields typed `href`), with positions. */
  links: SourceRef[];
  /** Images of the body and of the frontmatter (its fields typed `assetPath`), with positions. */
  images: SourceRef[];
  /** The images the frontmatter's top-level `assetPath` fields name, described for templates (by key). */
  imageSources: Record<string, ImageSource>;
  headings: HeadingInfo[];
  /** Where each top-level frontmatter field's value is written, for checks across files. */
  fieldsAt: Record<string, Place>;
  diagnostics: Diagnostic[];
}

/** The facts of a parsed file: its frontmatter checked against its collection's schema. */
export function factsOf(collection: Pick<Collection, 'name' | 'schema'>, slug: string, parsed: ParsedMarkdown, sizeOf?: ImageSizer): MarkdownFacts {
  const diagnostics = [...parsed.diagnostics];
  const links = [...parsed.links];
  const images = [...parsed.images];
  let meta: MarkdownFacts['meta'];
  const fieldsAt: MarkdownFacts['fieldsAt'] = {};
  const imageSources: MarkdownFacts['imageSources'] = {};
  const fm = parsed.frontmatter;
  if (fm && !fm.errors.length) {
    const result = validateYaml(fm, collection.schema, collection.name);
    if (result.ok) meta = result.value as MarkdownFacts['meta'];
    else diagnostics.push(...result.diagnostics);
    const data = fm.data && typeof fm.data === 'object' ? (fm.data as Record<string, unknown>) : {};
    for (const key of Object.keys(data)) fieldsAt[key] = fm.locate([key]);
    for (const { kind, url, path } of referencesIn(collection.schema, data)) {
      if (kind === 'link') {
        links.push({ url, ...fm.locate(path) });
        continue;
      }
      images.push({ url, ...fm.locate(path) });
      const image = url.startsWith('/') && path.length === 1 ? sizeOf?.(url) : undefined;
      if (image) imageSources[String(path[0])] = image;
    }
  }
  const failed = diagnostics.some(isError);
  const validFields = failed ? (meta ?? fieldsPassing(collection.schema, fm?.errors.length ? undefined : fm?.data)) : undefined;
  return {
    collection: collection.name,
    slug,
    file: parsed.file,
    meta: failed ? undefined : meta,
    ...(validFields && { validFields }),
    words: parsed.words,
    links,
    images,
    imageSources,
    headings: parsed.headings,
    fieldsAt,
    diagnostics,
  };
}

/** The fields of `data` that pass their own part of an object schema, as it parses them. */
function fieldsPassing(schema: z.ZodType, data: unknown): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject) || !data || typeof data !== 'object') return {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const field = Object.hasOwn(schema.shape, key) ? (schema.shape[key] as z.ZodType).safeParse(value) : undefined;
    if (field?.success) fields[key] = field.data;
  }
  return fields;
}
