import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pricingSchema } from '../../../templates/schemas/pricing.ts';
import { checkPricingBlocks, fillOffer, offerFigures } from '../../../templates/blocks/pricingRefs.ts';
import { blocksPageSchema, type Block, type BlockOf } from '../../../templates/blocks/schema.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const pricing = pricingSchema.parse(parse(readFileSync(path.join(root, 'content/pricing.yaml'), 'utf8')));
const { blocks: pageBlocks } = parse(readFileSync(path.join(root, 'content/pages/sponsorpitch-promotion.yaml'), 'utf8')) as { blocks: unknown };
const page = blocksPageSchema.parse({ blocks: pageBlocks });
const offer = page.blocks.find((b): b is BlockOf<'partner-offer'> => b.type === 'partner-offer')!;

describe('the partner offer', () => {
  it('computes its price and saving from the plan in pricing.yaml', () => {
    expect(offerFigures(pricing, offer)).toEqual({ months: '3', plan: 'Starter', price: '$270', saving: '$810' });
  });

  it('follows a price change in pricing.yaml', () => {
    const changed = structuredClone(pricing);
    changed.groups[0]!.plans[0]!.prices = { annual: 240, quarterly: 300 };
    expect(offerFigures(changed, offer)).toMatchObject({ price: '$300', saving: '$900' });
  });

  it('fills the placeholders of its texts', () => {
    expect(fillOffer(offer.actions[0]!.label, offerFigures(pricing, offer))).toBe('Claim Your 3 Months Free');
  });

  it('rejects placeholders it does not know', () => {
    const result = blocksPageSchema.safeParse({ blocks: [{ ...offer, heading: 'Save {discount} today' }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('may only use the placeholders {months}, {plan}, {price}, {saving}');
  });
});

describe('references from pages into pricing.yaml', () => {
  const blocks = (...list: Block[]) => list;
  it('accepts the real offer', () => {
    expect(checkPricingBlocks(page.blocks as Block[], pricing)).toEqual([]);
  });

  it('reports an unknown group or plan, and a plan without prices, at the key', () => {
    expect(checkPricingBlocks(blocks({ ...offer, group: 'venues' }), pricing)).toEqual([
      {
        path: ['blocks', 0, 'group'],
        rule: 'offer-plan',
        message: 'unknown pricing group "venues"; expected one of: end-to-end-platform, brands, sponsorship-crm, inventory-build-out',
      },
    ]);
    expect(checkPricingBlocks(blocks({ ...offer, plan: 'Basic' }), pricing)[0]).toMatchObject({
      path: ['blocks', 0, 'plan'],
      message: 'group "end-to-end-platform" has no plan "Basic"; expected one of: Starter, Essentials, Pro, Scale',
    });
    expect(checkPricingBlocks(blocks({ ...offer, group: 'brands', plan: 'Premium' }), pricing)[0]).toMatchObject({
      message: 'plan "Premium" has no prices in pricing.yaml, so the offer\'s figures cannot be computed',
    });
  });

  it('reports a pricing block on a site without pricing.yaml', () => {
    expect(checkPricingBlocks(blocks({ type: 'pricing', heading: 'Pricing' }), undefined)).toEqual([
      {
        path: ['blocks', 0, 'type'],
        rule: 'pricing-missing',
        message: 'a "pricing" block needs content/pricing.yaml, which does not exist',
      },
    ]);
  });
});
