import { Picture, useImageSource, useSiteUrl } from '../../src/template-api.ts';
import { imageSlots } from '../components/imageSlots.ts';
import { Icon } from '../components/Icon.tsx';
import { Actions, BlockHeading, Section } from './parts.tsx';
import type { BlockOf } from './schema.ts';

export const blockId = (index: number) => `block-${index}`;

export function Hero({ block, index }: { block: BlockOf<'hero'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <section aria-labelledby={id} className="relative overflow-hidden bg-ink-900 text-white">
      <svg
        className="pointer-events-none absolute inset-0 h-full w-full opacity-[0.07]"
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="none"
        viewBox="0 0 1200 600"
      >
        <path d="M0 520H1200M820 0V600" stroke="#fff" strokeWidth="2" fill="none" />
        <circle cx="820" cy="520" r="140" stroke="#fff" strokeWidth="2" fill="none" />
      </svg>
      <div className={`container-page relative grid items-center gap-12 py-16 sm:py-24 ${block.image ? 'lg:grid-cols-[1fr_1.1fr]' : ''}`}>
        <div className={block.image ? '' : 'max-w-3xl'}>
          {block.badge ? (
            <p className="inline-flex rounded-full bg-brand-500/15 px-3 py-1 text-xs font-bold tracking-[0.14em] text-brand-200 ring-1 ring-brand-400/40">
              {block.badge}
            </p>
          ) : null}
          {block.eyebrow ? <p className="mt-4 text-xs font-bold tracking-[0.14em] text-brand-200 uppercase">{block.eyebrow}</p> : null}
          <h1
            id={id}
            className={`mt-4 text-4xl font-extrabold leading-[1.08] tracking-tight sm:text-5xl ${block.image ? 'lg:text-4xl xl:text-5xl' : 'lg:text-6xl'}`}
          >
            {block.heading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{block.lead}</p>
          {block.points?.length ? (
            <ul className="mt-6 space-y-2">
              {block.points.map((p) => (
                <li key={p} className="flex gap-3 text-slate-200">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" />
                  {p}
                </li>
              ))}
            </ul>
          ) : null}
          <Actions actions={block.actions} dark />
        </div>
        {block.image ? (
          <Picture
            image={image(block.image.src, { width: 1200, height: 800 })}
            narrow={block.image.narrow ? image(block.image.narrow) : undefined}
            slot={imageSlots.split}
            alt={block.image.alt}
            priority
            className="h-auto w-full rounded-2xl shadow-2xl ring-1 ring-white/10"
          />
        ) : null}
      </div>
    </section>
  );
}

export function Features({ block, index }: { block: BlockOf<'features'>; index: number }) {
  const url = useSiteUrl();
  const id = blockId(index);
  const cols = { 2: 'card-cols-2', 3: 'card-cols-3', 4: 'card-cols-4' }[block.columns];
  return (
    <Section id={id}>
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <ul className={`mt-12 card-row ${cols}`}>
        {block.items.map((item) => (
          <li key={item.title} className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card">
            {item.icon ? (
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={item.icon} />
              </span>
            ) : null}
            <h3 className="mt-4 text-lg font-bold text-ink-900">{item.title}</h3>
            <p className="mt-2 flex-1 leading-relaxed text-slate-600">{item.text}</p>
            {item.link ? (
              <a href={url(item.link.href)} className="mt-4 inline-flex self-start text-sm font-semibold text-brand-700 hover:underline">
                {item.link.label} <span aria-hidden="true">&nbsp;→</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Split({ block, index }: { block: BlockOf<'split'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <Section id={id} tone={index % 2 ? 'tint' : 'white'}>
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className={block.reverse ? 'lg:order-2' : ''}>
          {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
          <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            {block.heading}
          </h2>
          {block.paragraphs.map((p) => (
            <p key={p} className="mt-5 text-lg leading-relaxed text-slate-600">
              {p}
            </p>
          ))}
          {block.bullets?.length ? (
            <ul className="mt-6 space-y-3">
              {block.bullets.map((b) => (
                <li key={b} className="flex gap-3 text-slate-700">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  {b}
                </li>
              ))}
            </ul>
          ) : null}
          <Actions actions={block.actions} />
        </div>
        <Picture
          image={image(block.image.src, { width: 1200, height: 800 })}
          slot={imageSlots.split}
          alt={block.image.alt}
          className="h-auto w-full rounded-2xl border border-slate-200 shadow-card"
        />
      </div>
    </Section>
  );
}

export function Steps({ block, index }: { block: BlockOf<'steps'>; index: number }) {
  const id = blockId(index);
  return (
    <Section id={id} tone="tint">
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <ol className={`mt-12 card-row ${block.items.length >= 4 ? 'card-cols-4' : 'card-cols-3'}`}>
        {block.items.map((item, i) => (
          <li key={item.title} className="relative rounded-card border border-slate-200 bg-white p-6 shadow-card">
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink-900">
              <span className="sr-only">{`Step ${i + 1}: `}</span>
              {item.title}
            </h3>
            <p className="mt-2 leading-relaxed text-slate-600">{item.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Tiles({ block, index }: { block: BlockOf<'tiles'>; index: number }) {
  const url = useSiteUrl();
  const id = blockId(index);
  return (
    <Section id={id}>
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <ul className="mt-12 card-row card-cols-3">
        {block.items.map((item) => (
          <li key={item.href}>
            <a
              href={url(item.href)}
              className="group flex h-full flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card transition hover:-translate-y-0.5 hover:border-brand-400"
            >
              {item.icon ? (
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={item.icon} />
                </span>
              ) : null}
              <span className="mt-4 text-lg font-bold text-ink-900 group-hover:text-brand-700">{item.title}</span>
              <span className="mt-2 flex-1 leading-relaxed text-slate-600">{item.text}</span>
              <span className="mt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
                Learn more →
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Team({ block, index }: { block: BlockOf<'team'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <Section id={id} tone="tint">
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <ul className="mt-12 card-row card-cols-3">
        {block.members.map((m) => (
          <li key={m.name} className="rounded-card border border-slate-200 bg-white p-6 shadow-card">
            <Picture image={image(m.photo, { width: 160, height: 160 })} slot={imageSlots.portrait} alt="" className="h-20 w-20 rounded-full object-cover" />
            <h3 className="mt-4 text-lg font-bold text-ink-900">{m.name}</h3>
            <p className="text-sm font-semibold text-brand-700">{m.role}</p>
            <p className="mt-3 leading-relaxed text-slate-600">{m.bio}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Prose({ block, index }: { block: BlockOf<'prose'>; index: number }) {
  const id = blockId(index);
  return (
    <Section id={id}>
      <div className="max-w-3xl">
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
          {block.heading}
        </h2>
        {block.paragraphs.map((p) => (
          <p key={p} className="mt-5 text-lg leading-relaxed text-slate-600">
            {p}
          </p>
        ))}
      </div>
    </Section>
  );
}

export function Stats({ block, index }: { block: BlockOf<'stats'>; index: number }) {
  const id = blockId(index);
  return (
    <section aria-labelledby={block.heading ? id : undefined} aria-label={block.heading ? undefined : 'Key figures'} className="bg-ink-900 text-white">
      <div className="container-page py-14">
        {block.heading ? (
          <h2 id={id} className="text-center text-2xl font-bold">
            {block.heading}
          </h2>
        ) : null}
        <dl className="mt-8 grid gap-8 text-center sm:grid-cols-2 lg:grid-cols-4">
          {block.items.map((s) => (
            <div key={s.label} className="flex flex-col">
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="order-first text-4xl font-extrabold text-brand-400">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function Checklist({ block, index }: { block: BlockOf<'checklist'>; index: number }) {
  const id = blockId(index);
  return (
    <Section id={id} tone="tint">
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <ul className="mt-10 grid gap-4 md:grid-cols-2">
        {block.items.map((item) => (
          <li key={item} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700">
            <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Cta({ block, index }: { block: BlockOf<'cta'>; index: number }) {
  const id = blockId(index);
  return (
    <section aria-labelledby={id} className="bg-white" data-tone="white">
      <div className="container-page py-16 sm:py-20">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-ink-900 px-6 py-14 text-center text-white sm:px-12">
          <h2 id={id} className="mx-auto max-w-2xl text-3xl font-extrabold tracking-tight sm:text-4xl">
            {block.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{block.text}</p>
          <div className="sm:flex sm:justify-center [&>div]:justify-center">
            <Actions actions={block.actions.map((a) => ({ ...a, style: a.style === 'primary' ? 'primary' : 'secondary' }))} dark />
          </div>
        </div>
      </div>
    </section>
  );
}
