import { defineSite, redirectsSchema } from '../src/template-api.ts';
import { articles } from './collections/articles.ts';
import { legal } from './collections/legal.ts';
import { Layout } from './layouts/Layout.tsx';
import { Markdown } from './markdown/Markdown.tsx';
import { BlogIndex } from './pages/BlogIndex.tsx';
import { Blocks } from './pages/Blocks.tsx';
import { LegalIndex } from './pages/LegalIndex.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { rules } from './rules.ts';
import { pricingSchema } from './schemas/pricing.ts';
import { touchlineSiteSchema } from './schemas/site.ts';
import { documentTitle } from './title.ts';

/** The site's collections of markdown: templates read their summaries typed from this list (see collections/summaries.ts). */
export const collections = [articles, legal];

/** Touchline's site: its data files, its collections of markdown, and the templates YAML pages name. */
export const definition = defineSite({
  data: {
    site: { file: 'site.yaml', schema: touchlineSiteSchema },
    pricing: { file: 'pricing.yaml', schema: pricingSchema, optional: true },
    redirects: { file: 'redirects.yaml', schema: redirectsSchema, optional: true },
  },
  collections,
  pages: {
    blocks: Blocks,
    'blog-index': BlogIndex,
    'legal-index': LegalIndex,
    'not-found': NotFound,
  },
  Layout,
  Markdown,
  rules,
  title: documentTitle,
});
