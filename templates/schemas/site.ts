import { z } from 'zod';
import { siteSchema, type SiteData } from '../../src/template-api.ts';

/** Touchline's site.yaml: the settings every site has, and the editors' policy for articles, which the article checks read. */
export const touchlineSiteSchema = siteSchema
  .extend({
    articles: z
      .strictObject({
        readingMinutes: z
          .strictObject({
            min: z.number().int().positive().describe('The shortest read, in minutes (at 220 words a minute).'),
            max: z.number().int().positive().describe('The longest read, in minutes.'),
          })
          .refine((r) => r.min <= r.max, { message: 'min must not be more than max', path: ['max'] })
          .describe('How long an article reads: check warns about one outside these bounds (article/reading-time).'),
      })
      .optional()
      .describe('The editors’ policy for articles. Without it, an article of any length is accepted.'),
  })
  .describe(`${siteSchema.description} Touchline's site adds the editors' policy for articles.`);

export type TouchlineSite = z.infer<typeof touchlineSiteSchema>;

/** site.yaml as Touchline's templates declare it. */
export const touchlineSiteOf = (data: SiteData): TouchlineSite => data.site as TouchlineSite;
