import { useSiteUrl } from '../../src/template-api.ts';
import type { ReactNode } from 'react';
import type { BlockOf } from './schema.ts';

type Action = NonNullable<BlockOf<'hero'>['actions']>[number];

/** Buttons of a block: stacked full width on phones, in a row from `sm`. An action to `#lead-form` is a plain anchor: CSS smooth-scrolls to the form unless motion is reduced. */
export function Actions({ actions, dark = false }: { actions: Action[] | undefined; dark?: boolean }) {
  const url = useSiteUrl();
  if (!actions?.length) return null;
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {actions.map((a) => (
        <a
          key={`${a.label}${a.href}`}
          href={url(a.href)}
          className={
            a.style === 'secondary'
              ? dark
                ? 'btn border border-white/40 px-6 py-3 text-base text-white hover:bg-white/10'
                : 'btn-secondary px-6 py-3 text-base'
              : 'btn-primary px-6 py-3 text-base'
          }
        >
          {a.label}
          {a.context ? <span className="sr-only"> {a.context}</span> : null}
        </a>
      ))}
    </div>
  );
}

/** The heading group that opens most blocks. */
export function BlockHeading({
  id,
  eyebrow,
  heading,
  intro,
  center = false,
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  intro?: string;
  center?: boolean;
}) {
  return (
    <div className={center ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
        {heading}
      </h2>
      {intro ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</p> : null}
    </div>
  );
}

export function Section({ id, children, tone = 'white' }: { id: string; children: ReactNode; tone?: 'white' | 'tint' | 'dark' }) {
  const tones = { white: 'bg-white', tint: 'bg-slate-50', dark: 'bg-ink-900 text-white' };
  return (
    <section aria-labelledby={id} className={tones[tone]} data-tone={tone}>
      <div className="container-page py-16 sm:py-24">{children}</div>
    </section>
  );
}
