import { Island, useSite } from '../../src/template-api.ts';
import { pricingOf, type Pricing } from '../schemas/pricing.ts';
import { useTouchlineSite } from '../schemas/site.ts';
import { Icon } from '../components/Icon.tsx';
import PricingPlans from '../islands/PricingPlans.tsx';
import { Faq } from './interactiveBlocks.tsx';
import { Actions } from './parts.tsx';
import { fillOffer, offerFigures, offerPlan } from './pricingRefs.ts';
import type { BlockOf } from './schema.ts';
import { blockId } from './textBlocks.tsx';

function usePricing(): Pricing {
  const pricing = pricingOf(useSite().data);
  if (!pricing) throw new Error('pricing blocks need content/pricing.yaml (checked at validation)');
  return pricing;
}

/** The island's data: only what visitors can reach (visible groups and the details they or the add-ons open). */
function visiblePricing({ faq: _faq, ...pricing }: Pricing) {
  const groups = pricing.groups.filter((g) => g.visible);
  const used = new Set([...groups.flatMap((g) => g.plans.map((p) => p.details)), ...pricing.addOns.items.map((a) => a.details)]);
  const details = Object.fromEntries(Object.entries(pricing.details).filter(([key]) => used.has(key)));
  return { ...pricing, groups, details };
}

export function PricingBlock({ block, index }: { block: BlockOf<'pricing'>; index: number }) {
  const id = blockId(index);
  const { site } = useTouchlineSite();
  const pricing = usePricing();
  return (
    <section aria-labelledby={id} className="bg-white" data-tone="white">
      <div className="container-page py-16 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
          <h1 id={id} className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            {block.heading}
          </h1>
          {block.intro ? <p className="mt-5 text-lg leading-relaxed text-slate-600">{block.intro}</p> : null}
        </div>
        <div className="mt-10">
          <Island of={PricingPlans} props={{ pricing: visiblePricing(pricing), contactSalesUrl: site.contactSalesUrl }} when="visible" />
        </div>
      </div>
    </section>
  );
}

export function PricingFaq({ block, index }: { block: BlockOf<'pricing-faq'>; index: number }) {
  const pricing = usePricing();
  return <Faq block={{ type: 'faq', eyebrow: block.eyebrow, heading: block.heading, intro: block.intro, items: pricing.faq }} index={index} />;
}

/** A partner's offer: free months on a plan, with the price after them and the saving computed from pricing.yaml. */
export function PartnerOffer({ block, index }: { block: BlockOf<'partner-offer'>; index: number }) {
  const id = blockId(index);
  const pricing = usePricing();
  const figures = offerFigures(pricing, block);
  const fill = (text: string) => fillOffer(text, figures);
  const features = offerPlan(pricing, block)?.features ?? [];
  return (
    <section aria-labelledby={id} className="bg-ink-900 text-white">
      {/* From the top: centred beside the offer, the text moved down as the offer below it in the page arrived. */}
      <div className="container-page grid items-start gap-12 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex rounded-full bg-brand-500/15 px-3 py-1 text-xs font-bold tracking-[0.14em] text-brand-200 ring-1 ring-brand-400/40">
            {block.badge}
          </p>
          <h1 id={id} className="mt-4 text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-5xl">
            {fill(block.heading)}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{fill(block.lead)}</p>
          <Actions actions={block.actions.map((a) => ({ ...a, label: fill(a.label) }))} dark />
        </div>
        <div className="rounded-card bg-white p-6 text-ink-900 shadow-2xl sm:p-8">
          <h2 className="text-2xl font-extrabold tracking-tight">{fill(block.offer.heading)}</h2>
          <p className="mt-3 text-lg text-slate-700">{fill(block.offer.price)}</p>
          <p className="mt-4 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-800">{fill(block.offer.saving)}</p>
          <h3 className="mt-8 font-bold">{fill(block.featuresHeading)}</h3>
          <ul className="mt-4 space-y-2 text-slate-700">
            {features.map((f) => (
              <li key={f} className="flex gap-2">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                {f}
              </li>
            ))}
          </ul>
          <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">{fill(block.offer.terms)}</p>
        </div>
      </div>
    </section>
  );
}
