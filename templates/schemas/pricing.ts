import { z } from 'zod';
import type { SiteData } from '../../src/model.ts';
import type { SchemaCode } from '../../src/rules.ts';
import { assetPath, href, SLUG, text } from '../../src/schemas/common.ts';

/**
 * content/pricing.yaml: every pricing figure, label and plan detail of the pricing page. Prices
 * are whole US dollars per month; a plan shows them unless its `display` says otherwise.
 */
/** Annual billing, or billing every 3 months. */
export const billingPeriod = z.enum(['annual', 'quarterly']);
export type Billing = z.infer<typeof billingPeriod>;

const dollars = z.number().int('must be a whole number of dollars').min(0, 'must be 0 or more');
const prices = z
  .strictObject({ annual: dollars, quarterly: dollars })
  .refine((p) => p.quarterly >= p.annual, {
    path: ['quarterly'],
    message: 'must not be below the annual price: paying every 3 months never costs less per month than paying yearly',
    params: { rule: 'quarterly-below-annual' satisfies SchemaCode },
  });

/** A count such as 5, or an open-ended one such as "15+" or "2,000+". */
const count = z.union([z.number().int().min(0), z.string().regex(/^\d{1,3}(,\d{3})*\+$/, 'must be a whole number, or one followed by + such as 2,000+')]);
const storage = z.string().regex(/^\d+\+? (GB|TB)$/, 'must be an amount such as 50 GB or 1+ TB');

const limits = z.strictObject({ users: count, brandGuests: count, assets: count, storage, revenueCategories: count }).partial();
export type LimitKey = keyof z.infer<typeof limits>;

const checkIns = z.enum(['monthly', 'bi-weekly', 'weekly']);
const support = z.strictObject({ liveChat: z.boolean().default(true), checkIns: checkIns.optional(), accountManager: z.boolean().default(false) });

const cta = z.strictObject({ label: text, href });

const plan = z.strictObject({
  name: text,
  description: text,
  prices: prices.optional(),
  /** What the card shows instead of the prices: "Tailored Pricing" or "Coming soon". */
  display: z.enum(['tailored', 'coming-soon']).optional(),
  popular: z.boolean().default(false),
  limits: limits.optional(),
  features: z.array(text).default([]),
  support: support.optional(),
  cta: cta.optional(),
  details: text.optional(),
});

const group = z.strictObject({
  key: z.string().regex(SLUG, 'must be a lowercase slug such as end-to-end-platform'),
  label: text,
  /** Hidden groups are validated but get no toggle button. */
  visible: z.boolean(),
  plans: z.array(plan),
});

const addOn = z.strictObject({ name: text, description: text, display: z.literal('tailored'), details: text });

const detail = z.strictObject({
  title: text,
  description: text,
  /** The items of the "Access and Support" card. */
  access: z.array(text).min(1),
  categories: z.array(z.strictObject({ name: text, items: z.array(text).min(1) })).min(1),
  diagram: z.strictObject({ src: assetPath, alt: text, width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
});

const plural = z.strictObject({ one: text, other: text });

export const pricingSchema = z
  .strictObject({
    currency: z.literal('USD'),
    /** The annual-billing badge: a setting, not a computation. */
    badge: text,
    billing: z.strictObject({
      default: billingPeriod,
      annual: z.strictObject({ label: text, note: text }),
      quarterly: z.strictObject({ label: text, note: text }),
    }),
    labels: z.strictObject({
      groups: text,
      billing: text,
      perMonth: text,
      tailored: text,
      comingSoon: text,
      popular: text,
      learnMore: text,
      emptyGroup: text,
      accessAndSupport: text,
      details: text,
      close: text,
    }),
    limitLabels: z.strictObject({ users: plural, brandGuests: plural, assets: plural, storage: text, revenueCategories: plural }),
    supportLabels: z.strictObject({ liveChat: text, checkIns: z.strictObject({ monthly: text, 'bi-weekly': text, weekly: text }), accountManager: text }),
    defaultGroup: text,
    groups: z.array(group).min(1),
    notes: z.array(text).default([]),
    addOns: z.strictObject({ heading: text, intro: text, items: z.array(addOn) }),
    contactSales: z.strictObject({ text, label: text }),
    details: z.record(z.string().regex(SLUG, 'detail keys must be lowercase slugs such as e2e-starter'), detail),
    faq: z.array(z.strictObject({ question: text, answer: text })).min(1),
  })
  .superRefine((pricing, ctx) => {
    const issue = (path: PropertyKey[], rule: SchemaCode, message: string) => ctx.addIssue({ code: 'custom', path, message, params: { rule } });
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
        if (!p.prices && !p.display) issue(at, 'no-price', `plan "${p.name}" has neither prices nor a display: add prices: { annual, quarterly } or display: tailored`);
        if (p.popular && popular) issue([...at, 'popular'], 'popular', `only one plan per group can be the most popular; "${popular}" already is`);
        if (p.popular) popular ??= p.name;
        checkDetail(p.details, [...at, 'details']);
      });
    });
    pricing.addOns.items.forEach((a, i) => checkDetail(a.details, ['addOns', 'items', i, 'details']));
    const visible = pricing.groups.filter((g) => g.visible).map((g) => g.key);
    if (!visible.includes(pricing.defaultGroup)) issue(['defaultGroup'], 'default-group', `"${pricing.defaultGroup}" is not a visible group; expected one of: ${visible.join(', ')}`);
  });

export type Pricing = z.infer<typeof pricingSchema>;
export type PricingPlan = z.infer<typeof plan>;
export type PricingGroup = z.infer<typeof group>;
export type PricingDetail = z.infer<typeof detail>;

/** content/pricing.yaml as the templates read it from the site's data files (templates/index.ts names it `pricing`). */
export function pricingOf(data: SiteData): Pricing | undefined {
  return data.pricing as Pricing | undefined;
}
