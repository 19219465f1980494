import type { PageProblem } from '../../src/template-api.ts';
import type { RuleName } from '../rules.ts';
import type { Pricing, PricingPlan } from '../schemas/pricing.ts';
import { formatPrice } from '../islands/shared/pricingFormat.ts';
import type { Block, BlockOf } from './schema.ts';

const PRICING_BLOCKS = new Set<Block['type']>(['pricing', 'pricing-faq', 'partner-offer']);

/** The plan an offer names, when it exists and has prices. */
export function offerPlan(pricing: Pricing, block: Pick<BlockOf<'partner-offer'>, 'group' | 'plan'>): PricingPlan | undefined {
  return pricing.groups.find((g) => g.key === block.group)?.plans.find((p) => p.name === block.plan);
}

/** The figures an offer's texts may use, computed from pricing.yaml: the saving is the free months at the plan's price. */
export function offerFigures(pricing: Pricing, block: BlockOf<'partner-offer'>): Record<'months' | 'plan' | 'price' | 'saving', string> {
  const plan = offerPlan(pricing, block);
  if (!plan?.prices) throw new Error(`the offer's plan "${block.plan}" has no prices (checked at validation)`);
  const monthly = plan.prices[block.billing];
  return {
    months: String(block.freeMonths),
    plan: plan.name,
    price: formatPrice(monthly, pricing.currency),
    saving: formatPrice(monthly * block.freeMonths, pricing.currency),
  };
}

/** Replaces {months}, {plan}, {price} and {saving} in an offer's text. */
export function fillOffer(text: string, figures: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, token: string) => figures[token] ?? `{${token}}`);
}

/** The blocks that show pricing need content/pricing.yaml, and an offer must name a plan with prices. */
export function checkPricingBlocks(blocks: Block[], pricing: Pricing | undefined): PageProblem<RuleName>[] {
  return blocks.flatMap((block, i): PageProblem<RuleName>[] => {
    if (!PRICING_BLOCKS.has(block.type)) return [];
    if (!pricing)
      return [
        {
          path: ['blocks', i, 'type'],
          rule: 'pricing-missing',
          message: `a "${block.type}" block needs content/pricing.yaml, which does not exist`,
        },
      ];
    if (block.type !== 'partner-offer') return [];
    const group = pricing.groups.find((g) => g.key === block.group);
    if (!group)
      return [
        {
          path: ['blocks', i, 'group'],
          rule: 'offer-plan',
          message: `unknown pricing group "${block.group}"; expected one of: ${pricing.groups.map((g) => g.key).join(', ')}`,
        },
      ];
    const plan = offerPlan(pricing, block);
    if (!plan)
      return [
        {
          path: ['blocks', i, 'plan'],
          rule: 'offer-plan',
          message: `group "${group.key}" has no plan "${block.plan}"; expected one of: ${group.plans.map((p) => p.name).join(', ')}`,
        },
      ];
    if (!plan.prices)
      return [
        {
          path: ['blocks', i, 'plan'],
          rule: 'offer-plan',
          message: `plan "${plan.name}" has no prices in pricing.yaml, so the offer's figures cannot be computed`,
        },
      ];
    return [];
  });
}
