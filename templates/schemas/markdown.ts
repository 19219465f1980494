import { z } from 'zod';
import { assetPath, isoDate, text } from '../../src/template-api.ts';

export const articleCategories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'] as const;
export type ArticleCategory = (typeof articleCategories)[number];

export const articleSchema = z
  .strictObject({
    title: text.describe('The article’s title: its h1, its card and its page title.'),
    date: isoDate.describe('When the article was published, written YYYY-MM-DD.'),
    updated: isoDate.optional().describe('When the article last changed meaningfully, written YYYY-MM-DD: the sitemap and feed report it.'),
    author: text.describe('Who wrote it, as the byline shows.'),
    excerpt: text
      .max(320, 'must be at most 320 characters (it is the meta description)')
      .describe('A sentence or two on the article’s card and in search results (at most 320 characters).'),
    category: z.enum(articleCategories).describe('The blog category the article is listed under (case-sensitive).'),
    thumbnail: assetPath.describe('The image on the article’s card and in link previews, such as /images/articles/value-banks.svg.'),
    thumbnailAlt: text.describe('What the thumbnail shows, for readers who cannot see it.'),
    thumbnailFocus: z
      .strictObject({
        x: z.number().min(0).max(1).describe('From the left edge (0) to the right (1).'),
        y: z.number().min(0).max(1).describe('From the top (0) to the bottom (1).'),
      })
      .optional()
      .describe('The point of the thumbnail kept in view when it is cropped to 1200 × 630 for link previews; the centre by default.'),
    featured: z.boolean().optional().describe('Show the article first on the blog’s index (the first article marked featured; else the newest).'),
    tags: z.array(text).optional().describe('Keywords of the article, kept with it (pages do not show them).'),
    draft: z
      .boolean()
      .optional()
      .describe(
        'true keeps the article unpublished: only previews (build --drafts) and watch show it, marked Draft. A date after the day of the build schedules it instead.',
      ),
  })
  .describe('The frontmatter of an article of the blog (content/articles/*.md).');
export type ArticleMeta = z.infer<typeof articleSchema>;

export const legalSchema = z
  .strictObject({
    title: text.describe('The document’s title: its h1 and page title.'),
    date: isoDate.describe('The date the document shows, written YYYY-MM-DD.'),
    dateLabel: z.enum(['Last modified', 'Updated', 'Effective']).describe('The words before the date.'),
    summary: text.describe('A sentence about the document, for search results and link previews.'),
  })
  .describe('The frontmatter of a legal document (content/legal/*.md).');
export type LegalMeta = z.infer<typeof legalSchema>;
