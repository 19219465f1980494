import { z } from 'zod';
import { assetPath, href, httpsUrl, text } from './common.ts';

/**
 * The settings of site.yaml that sitegen itself reads, for every page's head, redirect pages, the
 * sitemap and the feed. A site's templates extend it with their own settings (its header, its
 * footer, the services it embeds) and pass the whole schema to `defineSite` as the `site` data
 * file; the extension is checked, typed and written to editors' schemas with the core.
 */
export const siteCoreSchema = z
  .strictObject({
    name: text.describe('The site’s name: link previews, redirect pages and the feed (without a title of its own) show it.'),
    url: httpsUrl.describe('The site’s public address, without a slash at the end: canonical links, the sitemap and the feed start with it.'),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag such as en or en-CA')
      .describe('The language of the pages, as a tag such as en or en-CA.'),
    socialImage: assetPath.describe('The image link previews show for pages without an image of their own (1200 × 630 px).'),
    themeColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
      .describe('The colour browsers tint their toolbar with, written #rrggbb (quoted in YAML: "#0b1f3a").'),
    feed: z
      .strictObject({
        title: text.describe('The feed’s title in feed readers.'),
        href: href.describe('The page that lists the feed’s entries, such as /news-insights.'),
      })
      .optional()
      .describe(
        'The Atom feed of the collections that publish one: its title, and the page that lists its entries. Without it, the site’s name and home page.',
      ),
  })
  .describe('The settings sitegen reads of every site: its name, address, language, link preview image, theme colour and feed.');

/** The site's settings as sitegen reads them: those of the core (a site's own settings are its templates'). */
export type Site = z.infer<typeof siteCoreSchema>;

/** The feed's title and home page: the site's name and home when site.yaml does not say. */
export function feedOf(site: Site): { title: string; href: string } {
  return { title: site.feed?.title ?? site.name, href: site.feed?.href ?? '/' };
}
