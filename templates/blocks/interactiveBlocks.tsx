import { Island, Picture, useImageSource } from '../../src/template-api.ts';
import Carousel from '../islands/Carousel.tsx';
import LeadForm from '../islands/LeadForm.tsx';
import Testimonials from '../islands/Testimonials.tsx';
import VideoFacade from '../islands/VideoFacade.tsx';
import { imageSlots } from '../components/imageSlots.ts';
import { NewTabLink } from '../components/NewTabLink.tsx';
import { useTouchlineSite } from '../schemas/site.ts';
import { BlockHeading, Section } from './parts.tsx';
import type { BlockOf } from './schema.ts';
import { blockId } from './textBlocks.tsx';

/** A continuous logo loop in CSS: no JavaScript, no dragging; a checkbox pauses it and reduced motion stops it. */
export function Logos({ block, index }: { block: BlockOf<'logos'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  const pauseId = `${id}-pause`;
  const list = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center gap-14 pr-14" aria-hidden={hidden || undefined}>
      {block.logos.map((logo) => (
        <li key={logo.src}>
          <Picture image={image(logo.src, { width: 240, height: 80 })} slot={imageSlots.logo} alt={hidden ? '' : logo.alt} className="h-12 w-auto opacity-80" />
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby={id} className="border-b border-slate-200 bg-white">
      <div className="container-page py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-sm font-semibold text-slate-600">
            {block.heading}
          </h2>
          <span className="motion-reduce:hidden">
            <input id={pauseId} type="checkbox" className="peer sr-only" />
            <label
              htmlFor={pauseId}
              className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold text-slate-600 peer-checked:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 hover:border-ink-900"
            >
              Pause logos
            </label>
          </span>
        </div>
        <div className="logo-marquee mt-8 overflow-hidden [mask-image:linear-gradient(to_right,transparent,#000_8%,#000_92%,transparent)]">
          <div className="logo-track flex w-max">
            {list(false)}
            {list(true)}
          </div>
        </div>
      </div>
    </section>
  );
}

export function TestimonialsBlock({ block, index }: { block: BlockOf<'testimonials'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <Section id={id} tone="dark">
      <div className="mx-auto max-w-2xl text-center">
        {block.eyebrow ? <p className="text-xs font-bold tracking-[0.14em] text-brand-200 uppercase">{block.eyebrow}</p> : null}
        <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {block.heading}
        </h2>
      </div>
      <div className="mt-12">
        <Island
          of={Testimonials}
          props={{ label: 'Customer testimonials', items: block.items.map((t) => ({ ...t, image: image(t.image, { width: 160, height: 160 }) })) }}
          when="visible"
        />
      </div>
    </Section>
  );
}

export function Screenshots({ block, index }: { block: BlockOf<'screenshots'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <Section id={id} tone="tint">
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
      <div className="mx-auto mt-10 max-w-5xl">
        <Island
          of={Carousel}
          props={{ label: block.label, slides: block.slides.map(({ src, ...s }) => ({ ...s, image: image(src, { width: 1200, height: 800 }) })) }}
          when="visible"
        />
      </div>
    </Section>
  );
}

export function VideoBlock({ block, index }: { block: BlockOf<'video'>; index: number }) {
  const image = useImageSource();
  const id = blockId(index);
  return (
    <Section id={id}>
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} center />
      <div className="mx-auto mt-10 max-w-4xl">
        <Island of={VideoFacade} props={{ src: block.src, title: block.title, poster: image(block.poster, { width: 1200, height: 675 }) }} when="visible" />
      </div>
    </Section>
  );
}

/** Native exclusive accordion: `name` makes opening one answer close the other, with no JavaScript. */
export function Faq({ block, index }: { block: BlockOf<'faq'>; index: number }) {
  const id = blockId(index);
  return (
    <Section id={id}>
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
        <div className="divide-y divide-slate-200 border-y border-slate-200">
          {block.items.map((item) => (
            <details key={item.question} name={`${id}-faq`} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-6 py-5 text-left text-lg font-semibold text-ink-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-slate-300 transition-transform group-open:rotate-45"
                  aria-hidden="true"
                >
                  +
                </span>
              </summary>
              <p className="pb-6 leading-relaxed text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </Section>
  );
}

export function FormBlock({ block, index }: { block: BlockOf<'form'>; index: number }) {
  const id = blockId(index);
  const { site } = useTouchlineSite();
  return (
    <section id="lead-form" aria-labelledby={id} className="bg-slate-50" data-tone="tint" tabIndex={-1}>
      <div className="container-page grid items-start gap-10 py-16 sm:py-24 lg:grid-cols-[1fr_1.2fr]">
        <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} />
        <Island of={LeadForm} props={{ ...site.forms, email: site.email }} when="visible" />
      </div>
    </section>
  );
}

/** The frames' sizes and permissions (spec §2): the newsletter form is 540 × 975, the assistant 500 px tall with camera and microphone only. */
const FRAMES = {
  newsletter: { width: 540, height: 975, allow: undefined, className: 'mx-auto block w-full max-w-[540px]' },
  assistant: { width: undefined, height: 500, allow: 'camera; microphone', className: 'block h-[500px] w-full' },
} as const;

/** A third-party frame from site.yaml, lazily loaded, with a link to open it on its own. */
export function Embed({ block, index }: { block: BlockOf<'embed'>; index: number }) {
  const id = blockId(index);
  const { site } = useTouchlineSite();
  const { url, title } = site[block.service];
  const frame = FRAMES[block.service];
  return (
    <Section id={id} tone="tint">
      <BlockHeading id={id} eyebrow={block.eyebrow} heading={block.heading} intro={block.intro} center />
      <div className="mx-auto mt-10 max-w-3xl">
        <iframe
          src={url}
          title={title}
          width={frame.width}
          height={frame.height}
          allow={frame.allow}
          loading="lazy"
          className={`${frame.className} rounded-card border border-slate-200 bg-white shadow-card`}
        />
        {block.note ? <p className="mx-auto mt-6 max-w-2xl text-center text-sm leading-relaxed text-slate-600">{block.note}</p> : null}
        {block.openLabel ? (
          <p className="mt-4 text-center text-sm">
            <NewTabLink href={url} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
              {block.openLabel}
            </NewTabLink>
          </p>
        ) : null}
      </div>
    </Section>
  );
}
