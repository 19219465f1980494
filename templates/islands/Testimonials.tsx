import { Picture, type ImageSource } from '../../src/islands/images.tsx';
import { imageSlots } from '../components/imageSlots.ts';
import { useEffect, useState } from 'react';
import { SlideButtons } from './shared/SlideButtons.tsx';
import { useHydrated } from './shared/useHydrated.ts';
import { useSnapTrack } from './shared/useSnapTrack.ts';

export interface Testimonial {
  quote: string;
  name: string;
  title: string;
  company: string;
  /** Described by the server, so that the browser hydrates the same picture. */
  image: ImageSource;
}

export interface TestimonialsProps {
  label: string;
  items: Testimonial[];
  /** Time between slides; the spec fixes it at 4000 ms. */
  interval?: number;
}

/**
 * Testimonial carousel: advances every 4 s, wraps to the first, keeps playing after a click or
 * swipe, pauses while hovered or focused, has a pause/play control (WCAG 2.2.2) and never
 * autoplays under prefers-reduced-motion. Without JavaScript all quotes stay reachable.
 */
export default function Testimonials({ label, items, interval = 4000 }: TestimonialsProps) {
  const { track, index, goTo } = useSnapTrack(items.length);
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    if (query.matches) setPlaying(false);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const running = hydrated && playing && !reducedMotion && !held.hover && !held.focus;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => goTo(index + 1), interval);
    return () => window.clearTimeout(timer);
  }, [running, index, interval, goTo]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <div
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        tabIndex={0}
        role="group"
        aria-label="Testimonial slides"
        aria-live={running ? 'off' : 'polite'}
      >
        {items.map((t, i) => (
          <div key={t.name} className="w-full shrink-0 snap-start px-1" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${items.length}`}>
            <figure className="mx-auto max-w-3xl text-center">
              <blockquote className="text-xl leading-relaxed font-medium text-white sm:text-2xl">
                <p>“{t.quote}”</p>
              </blockquote>
              {/* On a phone the avatar sits above the name, and the whole block is centred like the quote. */}
              <figcaption className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-4">
                <Picture image={t.image} slot={imageSlots.avatar} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
                <span className="text-center sm:text-left">
                  <span className="block font-semibold text-white">{t.name}</span>
                  <span className="block text-sm text-slate-300">
                    {t.title}, <span className="whitespace-nowrap">{t.company}</span>
                  </span>
                </span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      {hydrated ? (
        <div className="mt-10 flex items-center justify-center gap-4">
          <SlideButtons dark onPrevious={() => goTo(index - 1)} onNext={() => goTo(index + 1)} />
          <button
            type="button"
            className="btn border border-white/30 px-4 text-white hover:bg-white/10"
            onClick={() => setPlaying((p) => !p)}
            aria-pressed={!playing}
          >
            {playing && !reducedMotion ? 'Pause' : 'Play'}
            <span className="sr-only"> testimonials</span>
          </button>
          <p className="text-sm text-slate-300">
            {index + 1} / {items.length}
          </p>
        </div>
      ) : null}
    </section>
  );
}
