import type { z } from 'zod';
import { isError, type Diagnostic, type Place } from '../diagnostics.ts';
import { articleSchema, legalSchema, type ArticleMeta, type LegalMeta } from '../schemas/markdown.ts';
import { validateYaml } from '../validate/zodDiagnostics.ts';
import type { HeadingInfo, ParsedMarkdown, SourceRef } from './parse.ts';

export type MarkdownKind = 'article' | 'legal';

/** What the rest of the build needs to know about a markdown file: plain data, so it can cross threads and be cached. */
export interface MarkdownFacts {
  kind: MarkdownKind;
  slug: string;
  file: string;
  /** Validated frontmatter; undefined when the file has errors. */
  meta: ArticleMeta | LegalMeta | undefined;
  words: number;
  links: SourceRef[];
  /** Images of the body and of the frontmatter (thumbnail), with positions. */
  images: SourceRef[];
  headings: HeadingInfo[];
  /** Where each top-level frontmatter field's value is written, for checks across files. */
  fieldsAt: Record<string, Place>;
  diagnostics: Diagnostic[];
}

const schemas: Record<MarkdownKind, z.ZodType> = { article: articleSchema, legal: legalSchema };
const FRONTMATTER_ASSETS = ['thumbnail'];

export function factsOf(kind: MarkdownKind, slug: string, parsed: ParsedMarkdown): MarkdownFacts {
  const diagnostics = [...parsed.diagnostics];
  const images = [...parsed.images];
  let meta: MarkdownFacts['meta'];
  const fieldsAt: MarkdownFacts['fieldsAt'] = {};
  const fm = parsed.frontmatter;
  if (fm && !fm.errors.length) {
    const result = validateYaml(fm, schemas[kind], kind);
    if (result.ok) meta = result.value as MarkdownFacts['meta'];
    else diagnostics.push(...result.diagnostics);
    const data = fm.data && typeof fm.data === 'object' ? (fm.data as Record<string, unknown>) : {};
    for (const key of Object.keys(data)) fieldsAt[key] = fm.locate([key]);
    for (const key of FRONTMATTER_ASSETS) {
      const url = (fm.data as Record<string, unknown> | undefined)?.[key];
      if (typeof url === 'string') images.push({ url, ...fm.locate([key]) });
    }
  }
  return { kind, slug, file: parsed.file, meta: diagnostics.some(isError) ? undefined : meta, words: parsed.words, links: parsed.links, images, headings: parsed.headings, fieldsAt, diagnostics };
}
