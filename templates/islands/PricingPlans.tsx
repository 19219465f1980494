import { useSiteUrl } from '../../src/islands/base.ts';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { Billing, Pricing, PricingDetail, PricingPlan } from '../schemas/pricing.ts';
import { Icon } from '../components/Icon.tsx';
import { NewTabLink } from '../components/NewTabLink.tsx';
import { limitLines, planPrice, supportLines } from './shared/pricingFormat.ts';
import { lockScroll, useResetOnRestore } from './shared/scrollLock.ts';
import { useHydrated } from './shared/useHydrated.ts';

export interface PricingPlansProps {
  /** pricing.yaml without its FAQ, with only the visible groups and the details they or the add-ons open. */
  pricing: Omit<Pricing, 'faq'>;
  contactSalesUrl: string;
}

const detailAnchor = (key: string) => `details-${key}`;

/**
 * The pricing table: group and billing toggles (native radio groups), plan and add-on cards, and
 * a details dialog opened by Learn More. Without JavaScript every visible group is listed with
 * annual prices, and Learn More links to the details written out below the cards.
 */
export default function PricingPlans({ pricing, contactSalesUrl }: PricingPlansProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [group, setGroup] = useState(pricing.defaultGroup);
  const [billing, setBilling] = useState<Billing>(pricing.billing.default);
  const [open, setOpen] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { labels } = pricing;

  const showDetail = (key: string, button: HTMLElement) => {
    opener.current = button;
    setOpen(key);
    dialog.current?.showModal();
    lockScroll(true);
  };
  const onClosed = () => {
    lockScroll(false);
    setOpen(null);
    opener.current?.focus();
  };
  useResetOnRestore(() => dialog.current?.close());

  const learnMore = (key: string, name: string) =>
    hydrated ? (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={(e) => showDetail(key, e.currentTarget)}
        className="mt-4 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        {labels.learnMore}
        <span className="sr-only"> about {name}</span>
      </button>
    ) : (
      <a href={`#${detailAnchor(key)}`} className="mt-4 inline-flex self-start text-sm font-semibold text-brand-700 hover:underline">
        {labels.learnMore}
        <span className="sr-only"> about {name}</span>
      </a>
    );

  const visibleGroups = pricing.groups;
  const detail = open ? pricing.details[open] : undefined;

  return (
    <div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
        {visibleGroups.length > 1 ? (
          <Toggle
            legend={labels.groups}
            name={`${id}-group`}
            value={group}
            onChange={setGroup}
            disabled={!hydrated}
            options={visibleGroups.map((g) => ({ value: g.key, label: g.label }))}
          />
        ) : null}
        <Toggle
          legend={labels.billing}
          name={`${id}-billing`}
          value={billing}
          onChange={(v) => setBilling(v as Billing)}
          disabled={!hydrated}
          options={[
            { value: 'quarterly', label: pricing.billing.quarterly.label },
            { value: 'annual', label: pricing.billing.annual.label, badge: pricing.badge },
          ]}
        />
      </div>

      {visibleGroups.map((g) => (
        <section key={g.key} aria-labelledby={`${id}-${g.key}`} hidden={hydrated && g.key !== group} className="mt-10">
          <h2 id={`${id}-${g.key}`} className={hydrated ? 'sr-only' : 'mb-6 text-2xl font-extrabold text-ink-900'}>
            {g.label}
          </h2>
          {g.plans.length ? (
            <ul className={`grid gap-6 md:grid-cols-2 ${g.plans.length >= 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3'}`}>
              {g.plans.map((plan) =>
                plan.display === 'coming-soon' ? (
                  <li key={plan.name} className="row-span-7 self-start">
                    <UpcomingPlanCard plan={plan} pricing={pricing} />
                  </li>
                ) : (
                  <li key={plan.name} className="row-span-7 grid grid-rows-subgrid gap-y-0">
                    <PlanCard plan={plan} billing={billing} pricing={pricing} learnMore={plan.details ? learnMore(plan.details, plan.name) : null} />
                  </li>
                ),
              )}
            </ul>
          ) : (
            <p className="rounded-card border border-dashed border-slate-300 bg-slate-50 p-10 text-center text-lg text-slate-600">{labels.emptyGroup}</p>
          )}
        </section>
      ))}

      {pricing.notes.length ? (
        <ul className="mx-auto mt-8 max-w-3xl space-y-1 text-center text-sm text-slate-600">
          {pricing.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}

      <section aria-labelledby={`${id}-addons`} className="mt-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={`${id}-addons`} className="text-3xl font-extrabold tracking-tight text-ink-900">
            {pricing.addOns.heading}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{pricing.addOns.intro}</p>
        </div>
        <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-2">
          {pricing.addOns.items.map((addOn) => (
            <li key={addOn.name} className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card">
              <h3 className="text-xl font-bold text-ink-900">{addOn.name}</h3>
              <p className="mt-1 font-semibold text-brand-700">{labels.tailored}</p>
              <p className="mt-3 flex-1 leading-relaxed text-slate-600">{addOn.description}</p>
              {learnMore(addOn.details, addOn.name)}
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-slate-700">
          {pricing.contactSales.text}{' '}
          <NewTabLink href={contactSalesUrl} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
            {pricing.contactSales.label}
          </NewTabLink>
        </p>
      </section>

      <section aria-labelledby={`${id}-details`} hidden={hydrated} className="mt-20 border-t border-slate-200 pt-12">
        <h2 id={`${id}-details`} className="text-3xl font-extrabold tracking-tight text-ink-900">
          {labels.details}
        </h2>
        {Object.entries(pricing.details).map(([key, d]) => (
          <article key={key} id={detailAnchor(key)} aria-labelledby={`${id}-d-${key}`} className="mt-10">
            <DetailContent detail={d} headingId={`${id}-d-${key}`} level={3} accessLabel={labels.accessAndSupport} />
          </article>
        ))}
      </section>

      <dialog
        ref={dialog}
        aria-labelledby={`${id}-dialog-title`}
        onClose={onClosed}
        onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
        className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-card bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-950/60"
      >
        {detail ? (
          <div className="relative p-6 sm:p-8">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="absolute top-4 right-4 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-ink-900"
            >
              <Icon name="close" className="h-5 w-5" />
              <span className="sr-only">{labels.close}</span>
            </button>
            <DetailContent detail={detail} headingId={`${id}-dialog-title`} level={2} accessLabel={labels.accessAndSupport} />
          </div>
        ) : null}
      </dialog>
    </div>
  );
}

function Toggle({
  legend,
  name,
  value,
  onChange,
  disabled,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  options: { value: string; label: string; badge?: string }[];
}) {
  return (
    <fieldset className="inline-flex rounded-full border border-slate-200 bg-slate-100 p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="relative">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            disabled={disabled}
            className="peer sr-only"
          />
          <span className="flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-slate-700 transition-colors peer-checked:bg-white peer-checked:text-ink-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-default">
            {o.label}
            {o.badge ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800">{o.badge}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A plan spans seven rows of the list's grid (subgrid), so names, descriptions, prices, buttons, limits and Learn More line up across cards. */
function PlanCard({ plan, billing, pricing, learnMore }: { plan: PricingPlan; billing: Billing; pricing: Omit<Pricing, 'faq'>; learnMore: ReactNode }) {
  const url = useSiteUrl();
  const price = planPrice(plan, billing, pricing);
  const limits = limitLines(plan.limits, pricing.limitLabels);
  const support = supportLines(plan.support, pricing.supportLabels);
  return (
    <article
      className={`relative row-span-7 grid grid-rows-subgrid gap-y-0 rounded-card bg-white p-6 shadow-card ${plan.popular ? 'border-2 border-brand-600' : 'border border-slate-200'}`}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white">{pricing.labels.popular}</p>
      ) : null}
      <h3 className="row-start-1 text-xl font-bold text-ink-900">{plan.name}</h3>
      <p className="row-start-2 mt-2 text-sm leading-relaxed text-slate-600">{plan.description}</p>
      <div className="row-start-3 mt-5">
        {price.kind === 'price' ? (
          <>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-extrabold tracking-tight text-ink-900">{price.amount}</span>
              <span className="text-sm font-semibold text-slate-600">{pricing.labels.perMonth}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">{price.note}</p>
          </>
        ) : (
          <p className={price.kind === 'free' ? 'text-4xl font-extrabold tracking-tight text-ink-900' : 'text-2xl font-extrabold text-ink-900'}>{price.text}</p>
        )}
      </div>
      {plan.cta ? (
        <a href={url(plan.cta.href)} className={`row-start-4 mt-6 ${plan.popular ? 'btn-primary' : 'btn-secondary'} px-5 py-2.5 text-center text-sm`}>
          {plan.cta.label}
          <span className="sr-only"> with {plan.name}</span>
        </a>
      ) : null}
      {limits.length ? (
        <ul className="row-start-5 mt-6 space-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {limits.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <FeatureList items={[...plan.features, ...support]} className={`row-start-6 ${limits.length ? 'mt-6' : ''}`} />
      {learnMore ? <div className="row-start-7">{learnMore}</div> : null}
    </article>
  );
}

/**
 * A plan that is not on sale yet: a short card, only as tall as what it says (who it is for, what
 * it will offer, and the content's way to hear of it), beside cards of plans with prices.
 */
function UpcomingPlanCard({ plan, pricing }: { plan: PricingPlan; pricing: Omit<Pricing, 'faq'> }) {
  const url = useSiteUrl();
  return (
    <article className="flex flex-col rounded-card border border-dashed border-slate-300 bg-slate-50 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-bold text-ink-900">{plan.name}</h3>
        <p className="rounded-full bg-white px-3 py-1 text-xs font-bold tracking-wide text-slate-700 ring-1 ring-slate-200">{pricing.labels.comingSoon}</p>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{plan.description}</p>
      {plan.features.length ? (
        <>
          <h4 className="mt-5 text-xs font-bold tracking-wide text-slate-600 uppercase">{pricing.labels.plannedFeatures}</h4>
          <FeatureList items={plan.features} className="mt-3" />
        </>
      ) : null}
      {plan.cta ? (
        <a href={url(plan.cta.href)} className="btn-secondary mt-6 self-start px-5 py-2.5 text-sm">
          {plan.cta.label}
          <span className="sr-only"> about {plan.name}</span>
        </a>
      ) : null}
    </article>
  );
}

function FeatureList({ items, className }: { items: string[]; className: string }) {
  if (!items.length) return null;
  return (
    <ul className={`space-y-2 text-sm text-slate-700 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

function DetailContent({ detail, headingId, level, accessLabel }: { detail: PricingDetail; headingId: string; level: 2 | 3; accessLabel: string }) {
  const url = useSiteUrl();
  const Title = `h${level}` as const;
  const Sub = `h${level + 1}` as 'h3' | 'h4';
  return (
    <>
      <Title id={headingId} className="pr-12 text-2xl font-extrabold tracking-tight text-ink-900">
        {detail.title}
      </Title>
      <p className="mt-3 leading-relaxed text-slate-600">{detail.description}</p>
      <div className="mt-6 rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
        <Sub className="font-bold text-ink-900">{accessLabel}</Sub>
        <FeatureList items={detail.access} className="mt-3" />
      </div>
      {detail.diagram ? (
        <img
          src={url(detail.diagram.src)}
          alt={detail.diagram.alt}
          width={detail.diagram.width}
          height={detail.diagram.height}
          loading="lazy"
          className="mt-6 w-full rounded-xl border border-slate-200"
        />
      ) : null}
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {detail.categories.map((c) => (
          <div key={c.name}>
            <Sub className="font-bold text-ink-900">{c.name}</Sub>
            <FeatureList items={c.items} className="mt-3" />
          </div>
        ))}
      </div>
    </>
  );
}
