import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pricingSchema, type PricingPlan } from '../../../templates/schemas/pricing.ts';
import { formatPrice, limitLines, planPrice, supportLines } from '../../../templates/islands/shared/pricingFormat.ts';

const pricing = pricingSchema.parse(parse(readFileSync(path.resolve(import.meta.dirname, '../../../content/pricing.yaml'), 'utf8')));
const plan = (group: string, name: string): PricingPlan => pricing.groups.find((g) => g.key === group)!.plans.find((p) => p.name === name)!;

describe('price formatting', () => {
  it('shows whole dollars with a thousands separator and no cents', () => {
    expect(formatPrice(225, 'USD')).toBe('$225');
    expect(formatPrice(0, 'USD')).toBe('$0');
    expect(formatPrice(2000, 'USD')).toBe('$2,000');
  });

  it('shows the annual or quarterly monthly price with its billing note, and "Free" with no billing period for a plan that costs nothing', () => {
    expect(planPrice(plan('end-to-end-platform', 'Starter'), 'annual', pricing)).toEqual({ kind: 'price', amount: '$225', note: 'billed annually' });
    expect(planPrice(plan('end-to-end-platform', 'Starter'), 'quarterly', pricing)).toEqual({ kind: 'price', amount: '$270', note: 'billed every 3 months' });
    expect(planPrice(plan('brands', 'Free'), 'quarterly', pricing)).toEqual({ kind: 'free', text: 'Free' });
  });

  it('shows "Tailored Pricing" where the data says so, even when listed prices exist, and "Coming soon" for plans without prices', () => {
    expect(plan('end-to-end-platform', 'Scale').prices).toEqual({ annual: 519, quarterly: 649 });
    expect(planPrice(plan('end-to-end-platform', 'Scale'), 'annual', pricing)).toEqual({ kind: 'label', text: 'Tailored Pricing' });
    expect(planPrice(plan('brands', 'Premium'), 'annual', pricing)).toEqual({ kind: 'label', text: 'Coming soon' });
  });
});

describe('limits and support', () => {
  it('writes limits in the singular or plural, keeping open-ended counts', () => {
    expect(limitLines(plan('end-to-end-platform', 'Starter').limits, pricing.limitLabels)).toEqual([
      '5 internal users',
      '1 brand guest per partner account',
      '10 assets',
      '50 GB storage',
      '2 revenue categories',
    ]);
    expect(limitLines({ users: '15+', assets: 2000 }, pricing.limitLabels)).toEqual(['15+ internal users', '2,000 assets']);
    expect(limitLines(undefined, pricing.limitLabels)).toEqual([]);
  });

  it('lists live chat on every plan and the check-ins and account manager where they apply', () => {
    expect(supportLines(plan('end-to-end-platform', 'Starter').support, pricing.supportLabels)).toEqual(['Live chat support']);
    expect(supportLines(plan('end-to-end-platform', 'Pro').support, pricing.supportLabels)).toEqual(['Live chat support', 'Monthly check-ins']);
    expect(supportLines(plan('end-to-end-platform', 'Scale').support, pricing.supportLabels)).toEqual([
      'Live chat support',
      'Bi-weekly check-ins',
      'Dedicated account manager',
    ]);
    expect(supportLines(plan('sponsorship-crm', 'Enterprise').support, pricing.supportLabels)).toEqual([
      'Live chat support',
      'Weekly check-ins',
      'Dedicated account manager',
    ]);
  });
});
