import { z } from 'zod';
import { assetPath, href, httpsUrl, link, text } from './common.ts';

const menuItem = z.strictObject({ label: text, href, description: text.optional() });

export const siteSchema = z.strictObject({
  name: text,
  legalName: text,
  tagline: text,
  description: text,
  url: httpsUrl,
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag such as en or en-CA'),
  appUrl: httpsUrl,
  contactSalesUrl: httpsUrl,
  email: z.email(),
  socialImage: assetPath,
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour'),
  forms: z.strictObject({ scriptUrl: httpsUrl, region: text, portalId: text, formId: text }),
  newsletter: z.strictObject({ url: httpsUrl, title: text }),
  assistant: z.strictObject({ url: httpsUrl, title: text }),
  header: z.strictObject({
    menus: z.array(z.strictObject({ label: text, items: z.array(menuItem).min(1) })),
    links: z.array(link),
    signIn: text,
    cta: link,
  }),
  /** The Atom feed of the collections that publish one: its title, and the page that lists its entries. */
  feed: z.strictObject({ title: text, href }).optional(),
  footer: z.strictObject({
    blurb: text,
    columns: z.array(z.strictObject({ title: text, links: z.array(link).min(1) })).min(1),
  }),
});

export type Site = z.infer<typeof siteSchema>;

/** The feed's title and home page: the site's name and home when site.yaml does not say. */
export function feedOf(site: Site): { title: string; href: string } {
  return { title: site.feed?.title ?? site.name, href: site.feed?.href ?? '/' };
}
