import { z } from 'zod';
import { assetPath, isoDate, text } from '../../src/schemas/common.ts';

export const articleCategories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'] as const;
export type ArticleCategory = (typeof articleCategories)[number];

export const articleSchema = z.strictObject({
  title: text,
  date: isoDate,
  updated: isoDate.optional(),
  author: text,
  excerpt: text.max(320, 'must be at most 320 characters (it is the meta description)'),
  category: z.enum(articleCategories),
  thumbnail: assetPath,
  thumbnailAlt: text,
  featured: z.boolean().optional(),
  tags: z.array(text).optional(),
  draft: z.boolean().optional(),
});
export type ArticleMeta = z.infer<typeof articleSchema>;

export const legalSchema = z.strictObject({
  title: text,
  date: isoDate,
  dateLabel: z.enum(['Last modified', 'Updated', 'Effective']),
  summary: text,
});
export type LegalMeta = z.infer<typeof legalSchema>;
