import type { Billing, LimitKey, Pricing, PricingPlan } from '../../schemas/pricing.ts';

/** Whole dollars as the cards show them: 225 → "$225", 2000 → "$2,000". */
export function formatPrice(dollars: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(dollars);
}

/** What a plan card shows for a billing period: a price with its billing note, "Free", or a label instead. */
export type PlanPrice = { kind: 'price'; amount: string; note: string } | { kind: 'free' | 'label'; text: string };

export function planPrice(plan: PricingPlan, billing: Billing, pricing: Pick<Pricing, 'billing' | 'labels' | 'currency'>): PlanPrice {
  if (plan.display === 'tailored') return { kind: 'label', text: pricing.labels.tailored };
  if (plan.display === 'coming-soon' || !plan.prices) return { kind: 'label', text: pricing.labels.comingSoon };
  // A plan that costs nothing in every period is free: no amount to bill, so no period either.
  if (plan.prices.annual === 0 && plan.prices.quarterly === 0) return { kind: 'free', text: pricing.labels.free };
  return { kind: 'price', amount: formatPrice(plan.prices[billing], pricing.currency), note: pricing.billing[billing].note };
}

const LIMIT_ORDER: LimitKey[] = ['users', 'brandGuests', 'assets', 'storage', 'revenueCategories'];

/** A plan's limits as sentences: "5 internal users", "1 brand guest per partner account", "1+ TB storage". */
export function limitLines(limits: PricingPlan['limits'], labels: Pricing['limitLabels']): string[] {
  if (!limits) return [];
  return LIMIT_ORDER.flatMap((key) => {
    const value = limits[key];
    if (value === undefined) return [];
    const label = labels[key];
    if (typeof label === 'string') return [`${value} ${label}`];
    const amount = typeof value === 'number' ? new Intl.NumberFormat('en-US').format(value) : value;
    return [`${amount} ${value === 1 ? label.one : label.other}`];
  });
}

/** A plan's support levels, in the words of pricing.yaml. */
export function supportLines(support: PricingPlan['support'], labels: Pricing['supportLabels']): string[] {
  if (!support) return [];
  return [
    support.liveChat ? labels.liveChat : '',
    support.checkIns ? labels.checkIns[support.checkIns] : '',
    support.accountManager ? labels.accountManager : '',
  ].filter(Boolean);
}
