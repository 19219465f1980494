import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
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
  diagnostics: Diagnostic[];
}

const schemas: Record<MarkdownKind, z.ZodType> = { article: articleSchema, legal: legalSchema };
const FRONTMATTER_ASSETS = ['thumbnail'];

export function factsOf(kind: MarkdownKind, slug: string, parsed: ParsedMarkdown): MarkdownFacts {
  const diagnostics = [...parsed.diagnostics];
  const images = [...parsed.images];
  let meta: MarkdownFacts['meta'];
  const fm = parsed.frontmatter;
  if (fm && !fm.errors.length) {
    const result = validateYaml(fm, schemas[kind], kind);
    if (result.ok) meta = result.value as MarkdownFacts['meta'];
    else diagnostics.push(...result.diagnostics);
    for (const key of FRONTMATTER_ASSETS) {
      const url = (fm.data as Record<string, unknown> | undefined)?.[key];
      if (typeof url === 'string') images.push({ url, ...fm.locate([key]) });
    }
  }
  return { kind, slug, file: parsed.file, meta: diagnostics.length ? undefined : meta, words: parsed.words, links: parsed.links, images, headings: parsed.headings, diagnostics };
}
