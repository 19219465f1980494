import { z } from 'zod';
import { href, httpsUrl, link, siteCoreSchema, text, useSite, type Site, type SiteData, type SiteInfo } from '../../src/template-api.ts';

const menuItem = z.strictObject({
  label: text.describe('The item’s name in the menu.'),
  href,
  description: text.describe('A line under the label saying what the page offers.').optional(),
});

const core = siteCoreSchema.shape;

/**
 * Touchline's site.yaml: the settings sitegen reads of every site (`core`, checked as sitegen
 * checks them), and Touchline's own (its company, the services its blocks embed, its header and
 * footer, and the editors' policy for articles, which the article checks read). The keys keep
 * the order of the file, which editors see in the list of allowed keys and in their editor.
 */
export const touchlineSiteSchema = z
  .strictObject({
    name: core.name.describe('The product’s name: every page title ends with it, and the home page’s title starts with it.'),
    legalName: text.describe('The company’s legal name, in the footer’s copyright line.'),
    tagline: text.describe('A short sentence after the name in the home page’s title.'),
    description: text.describe('What the product is, in one or two sentences.'),
    url: core.url,
    language: core.language,
    appUrl: httpsUrl.describe('The application’s address: the Sign In button opens it.'),
    contactSalesUrl: httpsUrl.describe('Where the pricing page’s “contact sales” link goes (a booking page).'),
    email: z.email().describe('The address the footer shows, and form blocks offer when the form cannot load.'),
    socialImage: core.socialImage,
    themeColor: core.themeColor,
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
    feed: core.feed,
    footer: z
      .strictObject({
        blurb: text.describe('A sentence about the company under the logo.'),
        columns: z
          .array(z.strictObject({ title: text.describe('The column’s heading.'), links: z.array(link).min(1) }))
          .min(1)
          .describe('Columns of links, in order.'),
      })
      .describe('The footer of every page.'),
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
  } satisfies Record<keyof typeof core, z.ZodType> & Record<string, z.ZodType>)
  .describe(
    "The site’s settings: its name, addresses, embedded services, header and footer. Every page uses them. Touchline's site adds the editors' policy for articles.",
  );

export type TouchlineSite = z.infer<typeof touchlineSiteSchema>;

// sitegen hands templates the site as its core; the object is the whole site.yaml, parsed by touchlineSiteSchema (templates/index.ts).

/** The site's settings a collection's page is given, as Touchline's templates declare them. */
export const touchlineSite = (site: Site): TouchlineSite => site as TouchlineSite;

/** site.yaml among the data files, as Touchline's templates declare it. */
export const touchlineSiteOf = (data: SiteData): TouchlineSite => data.site as TouchlineSite;

/** `useSite`, with the site's settings as Touchline's templates declare them. */
export const useTouchlineSite = (): SiteInfo<TouchlineSite> => useSite() as SiteInfo<TouchlineSite>;
