import { defineCollection } from '../../src/template-api.ts';
import { LegalDocument } from '../pages/LegalDocument.tsx';
import { legalSchema } from '../schemas/markdown.ts';
import type { LegalSummary } from './summaries.ts';

/** Legal documents: content/legal/*.md at /{slug}, by title. */
export const legal = defineCollection({
  name: 'legal',
  folder: 'legal',
  schema: legalSchema,
  route: (slug) => `/${slug}`,
  summary: ({ meta, slug, href }): LegalSummary => ({ ...meta, slug, href }),
  order: (a, b) => a.title.localeCompare(b.title),
  page: (document) => ({ head: { title: document.title, description: document.summary }, lastmod: document.date }),
  template: LegalDocument,
});
