import { z } from 'zod';
import { assetPath, href, link, text } from '../../src/template-api.ts';
import { billingPeriod } from '../schemas/pricing.ts';

/**
 * Marketing pages are lists of blocks. Each block type has its own schema and component
 * (templates/blocks/*.tsx); an editor composes a page in YAML without touching TypeScript.
 */
const alt = text.describe('What the image shows, for readers who cannot see it.');
const image = z.strictObject({ src: assetPath, alt });
const action = z.strictObject({
  label: text.describe('The button’s words.'),
  href,
  style: z.enum(['primary', 'secondary']).default('primary').describe('primary: a filled button (the default); secondary: an outlined one.'),
  /** Words read after the label by screen readers, for labels that say little alone ("Learn More"). */
  context: text.optional().describe('Words screen readers add after the label, for labels that say little alone (“Learn More” → “about pricing”).'),
});
const type = <T extends string>(name: T, what: string) => z.literal(name).describe(what);
const eyebrow = text.optional().describe('A short line above the heading.');
const heading = { eyebrow, heading: text.describe('The block’s heading.'), intro: text.optional().describe('A paragraph under the heading.') };
export const OFFER_TOKENS = ['months', 'plan', 'price', 'saving'] as const;
const offerText = text
  .refine((s) => [...s.matchAll(/\{([^}]*)\}/g)].every((m) => (OFFER_TOKENS as readonly string[]).includes(m[1]!)), {
    message: `may only use the placeholders ${OFFER_TOKENS.map((t) => `{${t}}`).join(', ')}`,
  })
  // JSON Schema cannot carry the refinement: the same rule as a pattern (a brace that closes holds a placeholder).
  .meta({
    description: `Text that may say ${OFFER_TOKENS.map((t) => `{${t}}`).join(', ')}: the figures come from pricing.yaml.`,
    pattern: `^(?:[^{]|\\{(?=[^}]*$)|\\{(?:${OFFER_TOKENS.join('|')})\\})*$`,
  });

export const blockSchemas = {
  hero: z.strictObject({
    type: type('hero', 'The top of a page: its h1, a lead paragraph, buttons and an image.'),
    badge: text.optional().describe('A short highlighted line above the heading, such as “New”.'),
    eyebrow,
    heading: text.describe('The page’s h1.'),
    lead: text.describe('The paragraph under the heading.'),
    actions: z.array(action).max(3).default([]).describe('Up to 3 buttons.'),
    image: image
      .extend({
        narrow: assetPath
          .optional()
          .describe(
            'What phones (screens narrower than 640 px) show instead: a crop of the same picture in which its details stay readable. The alt text is the same, so it should fit both.',
          ),
      })
      .optional(),
    points: z.array(text).max(4).optional().describe('Up to 4 short selling points, with check marks.'),
  }),
  logos: z.strictObject({
    type: type('logos', 'A row of customers’ logos.'),
    heading: text.describe('The line above the logos.'),
    logos: z.array(image).min(4).describe('4 logos or more.'),
  }),
  testimonials: z.strictObject({
    type: type('testimonials', 'Customers’ quotes in a carousel.'),
    ...heading,
    items: z
      .array(
        z.strictObject({
          quote: text.describe('The customer’s words, without quotation marks.'),
          name: text.describe('Who said it.'),
          title: text.describe('Their job title.'),
          company: text.describe('Their organisation.'),
          image: assetPath.describe('Their photo or their organisation’s logo.'),
        }),
      )
      .min(2)
      .describe('2 quotes or more.'),
  }),
  features: z.strictObject({
    type: type('features', 'A grid of features, each with a title, a text and an icon.'),
    ...heading,
    columns: z
      .union([z.literal(2), z.literal(3), z.literal(4)])
      .default(3)
      .describe('Columns of the grid on wide screens: 2, 3 (the default) or 4.'),
    items: z
      .array(
        z.strictObject({
          title: text.describe('The feature’s name.'),
          text: text.describe('What it does, in a sentence or two.'),
          icon: z
            .enum([
              'inventory',
              'crm',
              'fulfillment',
              'analytics',
              'sync',
              'rocket',
              'report',
              'brand',
              'shield',
              'users',
              'bell',
              'share',
              'calendar',
              'chart',
              'check',
              'layers',
            ])
            .optional()
            .describe('The icon above the title.'),
          link: link.optional().describe('A link under the text, to the page that tells more.'),
        }),
      )
      .min(1),
  }),
  split: z.strictObject({
    type: type('split', 'Text beside an image: paragraphs, bullets and buttons.'),
    eyebrow,
    heading: text.describe('The block’s heading.'),
    paragraphs: z.array(text).min(1).describe('The text, one paragraph each.'),
    bullets: z.array(text).optional().describe('Points listed with check marks under the paragraphs.'),
    image,
    reverse: z.boolean().optional().describe('Put the image on the left (on the right unless set).'),
    actions: z.array(action).max(2).optional().describe('Up to 2 buttons.'),
  }),
  screenshots: z.strictObject({
    type: type('screenshots', 'A carousel of screenshots with captions.'),
    ...heading,
    label: text.describe('The carousel’s name, read by screen readers, such as “Screens of the CRM”.'),
    slides: z
      .array(z.strictObject({ src: assetPath, alt, caption: text.optional().describe('A line under the screenshot.') }))
      .min(2)
      .describe('2 screenshots or more.'),
  }),
  steps: z.strictObject({
    type: type('steps', 'Numbered steps, in order.'),
    ...heading,
    items: z
      .array(z.strictObject({ title: text.describe('The step’s name.'), text: text.describe('What happens in it.') }))
      .min(2)
      .describe('2 steps or more.'),
  }),
  tiles: z.strictObject({
    type: type('tiles', 'Tiles that each link to a page.'),
    ...heading,
    items: z
      .array(
        z.strictObject({
          title: text.describe('The tile’s title.'),
          text: text.describe('A sentence about the page it links to.'),
          href,
          icon: z.string().optional().describe('An icon name, as in features blocks.'),
        }),
      )
      .min(2)
      .describe('2 tiles or more.'),
  }),
  video: z.strictObject({
    type: type('video', 'A video that loads only when played (a poster image until then).'),
    ...heading,
    src: z
      .string()
      .regex(/^https:\/\//, 'must be an https:// URL')
      .describe('The video’s embed address (https://), such as a YouTube embed URL.'),
    title: text.describe('The video’s title, read by screen readers.'),
    poster: assetPath.describe('The image shown until the video is played.'),
  }),
  team: z.strictObject({
    type: type('team', 'People with their photos, roles and short bios.'),
    ...heading,
    members: z
      .array(
        z.strictObject({
          name: text.describe('The person’s name.'),
          role: text.describe('Their role.'),
          bio: text.describe('A few sentences about them.'),
          photo: assetPath.describe('Their photo.'),
        }),
      )
      .min(1),
  }),
  prose: z.strictObject({
    type: type('prose', 'A heading and paragraphs of text.'),
    eyebrow,
    heading: text.describe('The block’s heading.'),
    paragraphs: z.array(text).min(1).describe('The text, one paragraph each.'),
  }),
  stats: z.strictObject({
    type: type('stats', '2 to 4 figures in large type, each with a label.'),
    heading: text.optional().describe('The line above the figures.'),
    items: z
      .array(z.strictObject({ value: text.describe('The figure as shown, such as 98% or 2,000+.'), label: text.describe('What it counts.') }))
      .min(2)
      .max(4),
  }),
  checklist: z.strictObject({
    type: type('checklist', 'A list of points with check marks.'),
    ...heading,
    items: z.array(text).min(2).describe('2 points or more.'),
  }),
  faq: z.strictObject({
    type: type('faq', 'Questions that open to their answers.'),
    ...heading,
    items: z.array(z.strictObject({ question: text, answer: text })).min(1),
  }),
  cta: z.strictObject({
    type: type('cta', 'A closing call to action: a heading, a sentence and buttons.'),
    heading: text.describe('The block’s heading.'),
    text: text.describe('The sentence under the heading.'),
    actions: z.array(action).min(1).max(2).describe('1 or 2 buttons.'),
  }),
  form: z.strictObject({ type: type('form', 'The lead form of site.yaml’s forms: settings, loaded when it comes into view.'), ...heading }),
  /** A third-party frame named in site.yaml (`newsletter` or `assistant`): its URL is never typed twice. */
  embed: z.strictObject({
    type: type('embed', 'A frame of a service of site.yaml (the newsletter sign-up or the assistant).'),
    ...heading,
    service: z.enum(['newsletter', 'assistant']).describe('Which frame of site.yaml: newsletter or assistant.'),
    note: text.optional().describe('A line under the frame.'),
    openLabel: text.optional().describe('The words of a link that opens the service in a new tab.'),
  }),
  /** The plans of content/pricing.yaml with their toggles and details; its heading is the page's h1. */
  pricing: z.strictObject({ type: type('pricing', 'The plans of pricing.yaml with their toggles and details; its heading is the page’s h1.'), ...heading }),
  /** The FAQ of content/pricing.yaml. */
  'pricing-faq': z.strictObject({ type: type('pricing-faq', 'The questions and answers of pricing.yaml.'), ...heading }),
  /**
   * An offer of free months on a plan of content/pricing.yaml. Its texts may say {months},
   * {plan}, {price} (the plan's price after the free months) and {saving}: the figures are
   * computed from pricing.yaml, never typed twice.
   */
  'partner-offer': z.strictObject({
    type: type(
      'partner-offer',
      'An offer of free months on a plan of pricing.yaml; its texts may say {months}, {plan}, {price} and {saving}, computed from the plan’s price.',
    ),
    badge: text.describe('A short highlighted line above the heading, such as the partner’s name.'),
    heading: offerText.describe('The page’s h1.'),
    lead: offerText.describe('The paragraph under the heading.'),
    group: text.describe('The key of the plan’s group in pricing.yaml.'),
    plan: text.describe('The plan’s name in that group.'),
    freeMonths: z.number().int().min(1).describe('How many months are free.'),
    billing: billingPeriod.describe('The billing period whose price the offer is computed from.'),
    offer: z
      .strictObject({ heading: offerText, price: offerText, saving: offerText, terms: offerText })
      .describe('The offer’s card: its heading, price line, saving line and terms.'),
    featuresHeading: offerText.describe('The heading above the plan’s features.'),
    actions: z
      .array(action.extend({ label: offerText }))
      .min(1)
      .max(2)
      .describe('1 or 2 buttons.'),
  }),
} as const;

// A union has at least one option: the first block type, then the others, in their order.
const { hero, ...otherBlocks } = blockSchemas;
export const blockSchema = z.discriminatedUnion('type', [hero, ...Object.values(otherBlocks)]);
export type BlockType = keyof typeof blockSchemas;
export type Block = { [K in BlockType]: z.infer<(typeof blockSchemas)[K]> }[BlockType];
export type BlockOf<K extends BlockType> = z.infer<(typeof blockSchemas)[K]>;

export const blocksPageSchema = z
  .strictObject({ blocks: z.array(blockSchema).min(1).describe('The page’s sections from top to bottom; each names its kind in type:.') })
  .describe('A marketing page made of blocks.');
