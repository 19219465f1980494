import { z } from 'zod';
import { assetPath, href, type SiteData, SLUG, text } from '../../src/template-api.ts';
import type { RuleName } from '../rules.ts';

/**
 * content/pricing.yaml: every pricing figure, label and plan detail of the pricing page. Prices
 * are whole US dollars per month; a plan shows them unless its `display` says otherwise.
 */
/** Annual billing, or billing every 3 months. */
export const billingPeriod = z.enum(['annual', 'quarterly']).describe('annual: billed once a year; quarterly: billed every 3 months.');
export type Billing = z.infer<typeof billingPeriod>;

const dollars = z.number().int('must be a whole number of dollars').min(0, 'must be 0 or more').describe('Whole US dollars per month, such as 375.');
const prices = z
  .strictObject({
    annual: dollars.describe('The monthly price when billed annually.'),
    quarterly: dollars.describe('The monthly price when billed every 3 months: the annual price or more.'),
  })
  .describe('The plan’s monthly prices for each billing period.')
  .refine((p) => p.quarterly >= p.annual, {
    path: ['quarterly'],
    message: 'must not be below the annual price: paying every 3 months never costs less per month than paying yearly',
    params: { rule: 'quarterly-below-annual' satisfies RuleName },
  });

/** A count such as 5, or an open-ended one such as "15+" or "2,000+". */
const count = z
  .union([z.number().int().min(0), z.string().regex(/^\d{1,3}(,\d{3})*\+$/, 'must be a whole number, or one followed by + such as 2,000+')])
  .describe('A whole number such as 5, or an open-ended one such as "15+" or "2,000+".');
const storage = z
  .string()
  .regex(/^\d+\+? (GB|TB)$/, 'must be an amount such as 50 GB or 1+ TB')
  .describe('An amount such as 50 GB or 1+ TB.');

const limits = z
  .strictObject({
    users: count.describe('Internal users included.'),
    brandGuests: count.describe('Brand guests per partner account.'),
    assets: count.describe('Inventory assets included.'),
    storage,
    revenueCategories: count.describe('Revenue categories included.'),
  })
  .partial()
  .describe('What the plan includes, listed on its card with the words of limitLabels; leave out what does not apply.');
export type LimitKey = keyof z.infer<typeof limits>;

const checkIns = z.enum(['monthly', 'bi-weekly', 'weekly']).describe('How often the customer success team checks in, worded by supportLabels.checkIns.');
const support = z
  .strictObject({
    liveChat: z.boolean().default(true).describe('Whether live chat support is included (true unless set).'),
    checkIns: checkIns.optional(),
    accountManager: z.boolean().default(false).describe('Whether a dedicated account manager is included (false unless set).'),
  })
  .describe('The support the plan includes, listed under “Access and Support”.');

const cta = z.strictObject({ label: text.describe('The button’s words, such as Get Started.'), href }).describe('The plan card’s button.');

const plan = z.strictObject({
  name: text.describe('The plan’s name on its card, such as Starter.'),
  description: text.describe('Who the plan is for, in a sentence under its name.'),
  prices: prices.optional(),
  /** What the card shows instead of the prices: "Tailored Pricing" or "Coming soon". */
  display: z
    .enum(['tailored', 'coming-soon'])
    .optional()
    .describe('Show a label instead of prices: tailored (“Tailored Pricing”) or coming-soon. A plan needs prices or a display.'),
  popular: z.boolean().default(false).describe('Mark the plan as the most popular of its group (one per group).'),
  limits: limits.optional(),
  features: z
    .array(text)
    .default([])
    .describe('What the plan offers (a coming-soon plan: what it will offer), one line each, in the order its card lists them.'),
  support: support.optional(),
  cta: cta.optional().describe('The plan card’s button; a coming-soon plan needs one, such as Notify me.'),
  details: text.optional().describe('A key of details: (such as e2e-starter); its card gets a Learn More button that opens it.'),
});

const group = z.strictObject({
  key: z
    .string()
    .regex(SLUG, 'must be a lowercase slug such as end-to-end-platform')
    .describe('The group’s id, a lowercase slug such as end-to-end-platform: defaultGroup and partner offers name it.'),
  label: text.describe('The group’s toggle button, such as For Properties.'),
  /** Hidden groups are validated but get no toggle button. */
  visible: z.boolean().describe('Whether the group gets a toggle button; a hidden group is checked but not shown.'),
  plans: z.array(plan).describe('The group’s plans, in the order their cards are shown.'),
});

const addOn = z.strictObject({
  name: text.describe('The add-on’s name.'),
  description: text.describe('What the add-on adds, in a sentence.'),
  display: z.literal('tailored').describe('Add-ons are priced per customer: always tailored.'),
  details: text.describe('A key of details: that Learn More opens.'),
});

const detail = z
  .strictObject({
    title: text.describe('The heading of the details dialog.'),
    description: text.describe('The dialog’s opening paragraph.'),
    /** The items of the "Access and Support" card. */
    access: z.array(text).min(1).describe('The items of the “Access and Support” card.'),
    categories: z
      .array(
        z.strictObject({ name: text.describe('The category’s heading.'), items: z.array(text).min(1).describe('What the category includes, one line each.') }),
      )
      .min(1)
      .describe('What the plan includes, by category.'),
    diagram: z
      .strictObject({
        src: assetPath,
        alt: text.describe('What the diagram shows, for readers who cannot see it.'),
        width: z.number().int().positive().describe('The image’s width in pixels.'),
        height: z.number().int().positive().describe('The image’s height in pixels.'),
      })
      .optional()
      .describe('An image at the end of the dialog.'),
  })
  .describe('What Learn More shows for a plan or add-on.');

const plural = z.strictObject({
  one: text.describe('The words after 1, such as “internal user”.'),
  other: text.describe('The words after any other number, such as “internal users”.'),
});

export const pricingSchema = z
  .strictObject({
    currency: z.literal('USD').describe('Every price is in US dollars.'),
    /** The annual-billing badge: a setting, not a computation. */
    badge: text.describe('The badge on the annual billing toggle, such as “Save 20%” (written here, not computed).'),
    billing: z
      .strictObject({
        default: billingPeriod.describe('The billing period shown first.'),
        annual: z.strictObject({ label: text.describe('The toggle’s label.'), note: text.describe('The words under a price, such as “billed annually”.') }),
        quarterly: z.strictObject({
          label: text.describe('The toggle’s label.'),
          note: text.describe('The words under a price, such as “billed every 3 months”.'),
        }),
      })
      .describe('The billing period toggle.'),
    labels: z
      .strictObject({
        groups: text,
        billing: text,
        perMonth: text,
        tailored: text,
        free: text,
        comingSoon: text,
        plannedFeatures: text,
        popular: text,
        learnMore: text,
        emptyGroup: text,
        accessAndSupport: text,
        details: text,
        close: text,
      })
      .describe('The words of the pricing page’s buttons, headings and messages.'),
    limitLabels: z
      .strictObject({ users: plural, brandGuests: plural, assets: plural, storage: text, revenueCategories: plural })
      .describe('The words after each limit’s number on a plan card.'),
    supportLabels: z
      .strictObject({ liveChat: text, checkIns: z.strictObject({ monthly: text, 'bi-weekly': text, weekly: text }), accountManager: text })
      .describe('The words of each kind of support on a plan card.'),
    defaultGroup: text.describe('The key of the group shown first: a group with visible: true.'),
    groups: z.array(group).min(1).describe('Groups of plans (for properties, for brands…), each with its toggle button when visible.'),
    notes: z.array(text).default([]).describe('Lines of small print under the plans.'),
    addOns: z.strictObject({ heading: text, intro: text, items: z.array(addOn) }).describe('Add-ons offered with any plan, listed under the plans.'),
    contactSales: z
      .strictObject({
        text: text.describe('The sentence before the link.'),
        label: text.describe('The link’s words; it goes to contactSalesUrl of site.yaml.'),
      })
      .describe('The line that invites readers to contact sales.'),
    details: z
      .record(z.string().regex(SLUG, 'detail keys must be lowercase slugs such as e2e-starter'), detail)
      .describe('What Learn More opens, by key (a lowercase slug such as e2e-starter); plans and add-ons name a key in their details:.'),
    faq: z
      .array(z.strictObject({ question: text, answer: text }))
      .min(1)
      .describe('The questions and answers of pricing-faq blocks.'),
  })
  .describe('Every pricing figure, label and plan detail of the pricing page and the partner offers. Prices are whole US dollars per month.')
  .superRefine((pricing, ctx) => {
    const issue = (path: PropertyKey[], rule: RuleName, message: string) => ctx.addIssue({ code: 'custom', path, message, params: { rule } });
    const detailKeys = Object.keys(pricing.details);
    const checkDetail = (key: string | undefined, path: PropertyKey[]) => {
      if (key !== undefined && !pricing.details[key]) issue(path, 'unknown-detail', `unknown detail "${key}"; expected one of: ${detailKeys.join(', ')}`);
    };
    const seen = new Set<string>();
    pricing.groups.forEach((g, gi) => {
      if (seen.has(g.key)) issue(['groups', gi, 'key'], 'duplicate-group', `group "${g.key}" is listed twice`);
      seen.add(g.key);
      let popular: string | undefined;
      g.plans.forEach((p, pi) => {
        const at = ['groups', gi, 'plans', pi];
        if (!p.prices && !p.display) issue(at, 'no-price', `it has neither prices nor a display: add prices: { annual, quarterly } or display: tailored`);
        if (p.display === 'coming-soon' && !p.cta)
          issue(
            at,
            'no-action',
            `it is coming soon and has no cta: give visitors a way to hear when it opens, such as cta: { label: Notify me, href: /newsletter }`,
          );
        if (p.popular && popular) issue([...at, 'popular'], 'popular', `only one plan per group can be the most popular; "${popular}" already is`);
        if (p.popular) popular ??= p.name;
        checkDetail(p.details, [...at, 'details']);
      });
    });
    pricing.addOns.items.forEach((a, i) => checkDetail(a.details, ['addOns', 'items', i, 'details']));
    const visible = pricing.groups.filter((g) => g.visible).map((g) => g.key);
    if (!visible.includes(pricing.defaultGroup))
      issue(['defaultGroup'], 'default-group', `"${pricing.defaultGroup}" is not a visible group; expected one of: ${visible.join(', ')}`);
  });

export type Pricing = z.infer<typeof pricingSchema>;
export type PricingPlan = z.infer<typeof plan>;
export type PricingGroup = z.infer<typeof group>;
export type PricingDetail = z.infer<typeof detail>;

/** content/pricing.yaml as the templates read it from the site's data files (templates/index.ts names it `pricing`). */
export function pricingOf(data: SiteData): Pricing | undefined {
  return data.pricing as Pricing | undefined;
}
