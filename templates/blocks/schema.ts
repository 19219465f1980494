import { z } from 'zod';
import { assetPath, href, link, text } from '../../src/schemas/common.ts';
import { billingPeriod } from '../schemas/pricing.ts';

/**
 * Marketing pages are lists of blocks. Each block type has its own schema and component
 * (templates/blocks/*.tsx); an editor composes a page in YAML without touching TypeScript.
 */
const image = z.strictObject({ src: assetPath, alt: text });
const action = z.strictObject({
  label: text,
  href,
  style: z.enum(['primary', 'secondary']).default('primary'),
  /** Words read after the label by screen readers, for labels that say little alone ("Learn More"). */
  context: text.optional(),
});
const heading = { eyebrow: text.optional(), heading: text, intro: text.optional() };
export const OFFER_TOKENS = ['months', 'plan', 'price', 'saving'] as const;
const offerText = text.refine((s) => [...s.matchAll(/\{([^}]*)\}/g)].every((m) => (OFFER_TOKENS as readonly string[]).includes(m[1]!)), {
  message: `may only use the placeholders ${OFFER_TOKENS.map((t) => `{${t}}`).join(', ')}`,
});

export const blockSchemas = {
  hero: z.strictObject({
    type: z.literal('hero'),
    badge: text.optional(),
    eyebrow: text.optional(),
    heading: text,
    lead: text,
    actions: z.array(action).max(3).default([]),
    image: image.optional(),
    points: z.array(text).max(4).optional(),
  }),
  logos: z.strictObject({ type: z.literal('logos'), heading: text, logos: z.array(image).min(4) }),
  testimonials: z.strictObject({
    type: z.literal('testimonials'),
    ...heading,
    items: z.array(z.strictObject({ quote: text, name: text, title: text, company: text, image: assetPath })).min(2),
  }),
  features: z.strictObject({
    type: z.literal('features'),
    ...heading,
    columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
    items: z.array(z.strictObject({ title: text, text, icon: z.enum(['inventory', 'crm', 'fulfillment', 'analytics', 'sync', 'rocket', 'report', 'brand', 'shield', 'users', 'bell', 'share', 'calendar', 'chart', 'check', 'layers']).optional(), link: link.optional() })).min(1),
  }),
  split: z.strictObject({
    type: z.literal('split'),
    eyebrow: text.optional(),
    heading: text,
    paragraphs: z.array(text).min(1),
    bullets: z.array(text).optional(),
    image,
    reverse: z.boolean().optional(),
    actions: z.array(action).max(2).optional(),
  }),
  screenshots: z.strictObject({ type: z.literal('screenshots'), ...heading, label: text, slides: z.array(z.strictObject({ src: assetPath, alt: text, caption: text.optional() })).min(2) }),
  steps: z.strictObject({ type: z.literal('steps'), ...heading, items: z.array(z.strictObject({ title: text, text })).min(2) }),
  tiles: z.strictObject({ type: z.literal('tiles'), ...heading, items: z.array(z.strictObject({ title: text, text, href, icon: z.string().optional() })).min(2) }),
  video: z.strictObject({ type: z.literal('video'), ...heading, src: z.string().regex(/^https:\/\//, 'must be an https:// URL'), title: text, poster: assetPath }),
  team: z.strictObject({ type: z.literal('team'), ...heading, members: z.array(z.strictObject({ name: text, role: text, bio: text, photo: assetPath })).min(1) }),
  prose: z.strictObject({ type: z.literal('prose'), eyebrow: text.optional(), heading: text, paragraphs: z.array(text).min(1) }),
  stats: z.strictObject({ type: z.literal('stats'), heading: text.optional(), items: z.array(z.strictObject({ value: text, label: text })).min(2).max(4) }),
  checklist: z.strictObject({ type: z.literal('checklist'), ...heading, items: z.array(text).min(2) }),
  faq: z.strictObject({ type: z.literal('faq'), ...heading, items: z.array(z.strictObject({ question: text, answer: text })).min(1) }),
  cta: z.strictObject({ type: z.literal('cta'), heading: text, text, actions: z.array(action).min(1).max(2) }),
  form: z.strictObject({ type: z.literal('form'), ...heading }),
  /** A third-party frame named in site.yaml (`newsletter` or `assistant`): its URL is never typed twice. */
  embed: z.strictObject({ type: z.literal('embed'), ...heading, service: z.enum(['newsletter', 'assistant']), note: text.optional(), openLabel: text.optional() }),
  /** The plans of content/pricing.yaml with their toggles and details; its heading is the page's h1. */
  pricing: z.strictObject({ type: z.literal('pricing'), ...heading }),
  /** The FAQ of content/pricing.yaml. */
  'pricing-faq': z.strictObject({ type: z.literal('pricing-faq'), ...heading }),
  /**
   * An offer of free months on a plan of content/pricing.yaml. Its texts may say {months},
   * {plan}, {price} (the plan's price after the free months) and {saving}: the figures are
   * computed from pricing.yaml, never typed twice.
   */
  'partner-offer': z.strictObject({
    type: z.literal('partner-offer'),
    badge: text,
    heading: offerText,
    lead: offerText,
    group: text,
    plan: text,
    freeMonths: z.number().int().min(1),
    billing: billingPeriod,
    offer: z.strictObject({ heading: offerText, price: offerText, saving: offerText, terms: offerText }),
    featuresHeading: offerText,
    actions: z.array(action.extend({ label: offerText })).min(1).max(2),
  }),
} as const;

export const blockTypes = Object.keys(blockSchemas) as (keyof typeof blockSchemas)[];
export const blockSchema = z.discriminatedUnion('type', Object.values(blockSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]]);
export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export type BlockOf<K extends BlockType> = z.infer<(typeof blockSchemas)[K]>;

export const blocksPageSchema = z.strictObject({ blocks: z.array(blockSchema).min(1) });
