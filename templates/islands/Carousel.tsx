import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from './useHydrated.ts';

export interface Slide {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  caption?: string;
}

export interface CarouselProps {
  label: string;
  slides: Slide[];
}

/**
 * Image carousel on native scroll-snap: swipe and trackpad scrolling come from the browser;
 * Previous/Next buttons and arrow keys are added once JavaScript runs. Without it, every
 * slide stays reachable by scrolling.
 */
export default function Carousel({ label, slides }: CarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const hydrated = useHydrated();

  const go = useCallback(
    (next: number) => {
      const el = track.current;
      if (!el) return;
      const target = Math.max(0, Math.min(slides.length - 1, next));
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: target * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [slides.length],
  );

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className="not-prose my-8" onKeyDown={onKeyDown}>
      <ul ref={track} className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-ink-900 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden" tabIndex={0} aria-label={`${label}: slides`}>
        {slides.map((slide, i) => (
          <li key={slide.src} className="w-full shrink-0 snap-start" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            <figure>
              <img src={slide.src} alt={slide.alt} width={slide.width} height={slide.height} loading="lazy" decoding="async" className="block h-auto w-full" />
              {slide.caption ? <figcaption className="px-4 py-3 text-sm text-slate-300">{slide.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      {hydrated ? (
        <div className="mt-3 flex items-center justify-between gap-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            Slide {index + 1} of {slides.length}
          </p>
          <div className="flex gap-2">
            <button type="button" className="btn-secondary px-3" onClick={() => go(index - 1)} disabled={index === 0} aria-label="Previous slide">
              <svg className="h-5 w-5" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button type="button" className="btn-secondary px-3" onClick={() => go(index + 1)} disabled={index === slides.length - 1} aria-label="Next slide">
              <svg className="h-5 w-5" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {slides.length} slides: scroll sideways to see them all.
        </p>
      )}
    </section>
  );
}
