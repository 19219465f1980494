import { z } from 'zod';
import { assetPath, href, httpsUrl, link, text } from './common.ts';

const menuItem = z.strictObject({
  label: text.describe('The item’s name in the menu.'),
  href,
  description: text.describe('A line under the label saying what the page offers.').optional(),
});

export const siteSchema = z
  .strictObject({
    name: text.describe('The product’s name: every page title ends with it, and the home page’s title starts with it.'),
    legalName: text.describe('The company’s legal name, in the footer’s copyright line.'),
    tagline: text.describe('A short sentence after the name in the home page’s title.'),
    description: text.describe('What the product is, in one or two sentences.'),
    url: httpsUrl.describe('The site’s public address, without a slash at the end: canonical links, the sitemap and the feed start with it.'),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag such as en or en-CA')
      .describe('The language of the pages, as a tag such as en or en-CA.'),
    appUrl: httpsUrl.describe('The application’s address: the Sign In button opens it.'),
    contactSalesUrl: httpsUrl.describe('Where the pricing page’s “contact sales” link goes (a booking page).'),
    email: z.email().describe('The address the footer shows, and form blocks offer when the form cannot load.'),
    socialImage: assetPath.describe('The image link previews show for pages without an image of their own (1200 × 630 px).'),
    themeColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
      .describe('The colour browsers tint their toolbar with, written #rrggbb (quoted in YAML: "#0b1f3a").'),
    forms: z
      .strictObject({
        scriptUrl: httpsUrl.describe('The form provider’s script, loaded when a form comes into view.'),
        region: text.describe('The form provider’s region of the account, such as na1.'),
        portalId: text.describe('The account’s id at the form provider (quoted: it is text, not a number).'),
        formId: text.describe('The id of the lead form every form block shows.'),
      })
      .describe('The lead form’s provider: form blocks load it when they come into view.'),
    newsletter: z
      .strictObject({
        url: httpsUrl.describe('The newsletter sign-up page, shown in a frame.'),
        title: text.describe('The frame’s title, read by screen readers.'),
      })
      .describe('The newsletter sign-up frame of `embed` blocks with service: newsletter.'),
    assistant: z
      .strictObject({ url: httpsUrl.describe('The assistant’s page, shown in a frame.'), title: text.describe('The frame’s title, read by screen readers.') })
      .describe('The assistant frame of `embed` blocks with service: assistant.'),
    header: z
      .strictObject({
        menus: z
          .array(
            z.strictObject({
              label: text.describe('The menu’s button in the header.'),
              items: z.array(menuItem).min(1).describe('The pages the menu lists, in order.'),
            }),
          )
          .describe('Drop-down menus, in the order the header shows them.'),
        links: z.array(link).describe('Links shown beside the menus.'),
        signIn: text.describe('The label of the button that opens the application (appUrl).'),
        cta: link.describe('The header’s main button, such as “Book a demo”.'),
      })
      .describe('The navigation at the top of every page.'),
    feed: z
      .strictObject({
        title: text.describe('The feed’s title in feed readers.'),
        href: href.describe('The page that lists the feed’s entries, such as /news-insights.'),
      })
      .optional()
      .describe(
        'The Atom feed of the collections that publish one: its title, and the page that lists its entries. Without it, the site’s name and home page.',
      ),
    footer: z
      .strictObject({
        blurb: text.describe('A sentence about the company under the logo.'),
        columns: z
          .array(z.strictObject({ title: text.describe('The column’s heading.'), links: z.array(link).min(1) }))
          .min(1)
          .describe('Columns of links, in order.'),
      })
      .describe('The footer of every page.'),
  })
  .describe('The site’s settings: its name, addresses, embedded services, header and footer. Every page uses them.');

export type Site = z.infer<typeof siteSchema>;

/** The feed's title and home page: the site's name and home when site.yaml does not say. */
export function feedOf(site: Site): { title: string; href: string } {
  return { title: site.feed?.title ?? site.name, href: site.feed?.href ?? '/' };
}
