import type { SiteRule } from '../src/template-api.ts';

/**
 * The rules of Touchline's own checks, beyond what sitegen checks of any site: the pricing file's
 * refinements, the checks the pricing blocks make of it, and the articles' (their length, one featured). Each is reported as the kind of file,
 * then its name (`pricing/no-price`, `page/offer-plan`), with its hint, and explained in the rule
 * catalogue (docs/editors/rules.md).
 */
export const rules = {
  'quarterly-below-annual': {
    severity: 'error',
    means: "A plan's quarterly price is below its annual one.",
    example: '`annual: 100` with `quarterly: 90`',
    hint: 'set the quarterly price to the annual price or more',
  },
  'unknown-detail': {
    severity: 'error',
    means: 'A plan names a detail that details: does not define.',
    example: '`details: [support-24-7]` with no such detail defined',
    hint: 'use a key of details:, or add the detail there',
  },
  'duplicate-group': {
    severity: 'error',
    means: 'Two pricing groups have the same key.',
    example: 'two groups with `key: teams`',
    hint: 'give each group a key of its own',
  },
  'no-price': {
    severity: 'error',
    means: 'A plan has neither prices nor a display that needs none.',
    example: 'a plan with neither `prices:` nor `display:`',
    hint: 'add prices: { annual: …, quarterly: … }, or display: tailored or coming-soon',
  },
  'no-action': {
    severity: 'error',
    means: 'A plan that cannot be bought has nothing for a reader to do.',
    example: '`display: coming-soon` without `cta:`',
    hint: 'add cta: { label: …, href: … } to the plan, such as a “Notify me” link to the newsletter',
  },
  popular: {
    severity: 'error',
    means: 'More than one plan of a group is marked popular.',
    example: '`popular: true` on two plans of one group',
    hint: 'mark only one plan of the group with popular: true',
  },
  'default-group': {
    severity: 'error',
    means: 'The default pricing group is hidden.',
    example: '`defaultGroup: venues` while that group has `visible: false`',
    hint: 'set defaultGroup: to a group with visible: true',
  },
  'pricing-missing': {
    severity: 'error',
    means: 'A page has a block that shows pricing, and content/pricing.yaml does not exist.',
    example: 'a `pricing` block on a page of a site with no pricing.yaml',
    hint: 'create content/pricing.yaml, or remove the block',
  },
  'offer-plan': {
    severity: 'error',
    means: "A partner offer names a group or plan pricing.yaml lacks, or a plan without prices for the offer's figures.",
    example: '`group: venues` with `plan: Starter` when that group has no plan Starter',
    hint: 'name a group of content/pricing.yaml, and one of its plans that has prices',
  },
  'reading-time': {
    severity: 'warning',
    means: "An article reads in less or more time than site.yaml's `articles.readingMinutes` allows (220 words a minute).",
    example: 'an article of 600 words (3 minutes) when the shortest read allowed is 5 minutes',
    hint: 'develop a short piece, or split a long one into a series; the bounds are in site.yaml',
  },
  'featured-twice': {
    severity: 'warning',
    means: 'More than one article is marked featured: the blog features the newest of them and ignores the other marks.',
    example: '`featured: true` on two articles',
    hint: 'remove `featured: true` from the article that should no longer lead the blog',
  },
} as const satisfies Record<string, SiteRule>;

/** The name of one of the site's rules, as its checks report it. */
export type RuleName = keyof typeof rules;
