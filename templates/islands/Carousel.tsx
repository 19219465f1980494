import { Picture, type ImageSource } from '../../src/islands/images.tsx';
import { imageSlots } from '../components/imageSlots.ts';
import type { KeyboardEvent } from 'react';
import { SlideButtons } from './shared/SlideButtons.tsx';
import { useHydrated } from './shared/useHydrated.ts';
import { useSnapTrack } from './shared/useSnapTrack.ts';

/** A slide: its image described by the server (so the browser hydrates the same picture), its alt text and caption. */
export interface Slide {
  image: ImageSource;
  alt: string;
  caption?: string;
}

export interface CarouselProps {
  label: string;
  slides: Slide[];
}

/**
 * Image carousel on native scroll-snap: swipe comes from the browser; Previous/Next buttons
 * and arrow keys are added once JavaScript runs. Without it every slide is reachable by scrolling.
 */
export default function Carousel({ label, slides }: CarouselProps) {
  const { track, index, goTo } = useSnapTrack(slides.length);
  const hydrated = useHydrated();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' && index < slides.length - 1) goTo(index + 1);
    else if (event.key === 'ArrowLeft' && index > 0) goTo(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className="my-8" onKeyDown={onKeyDown}>
      <div
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-slate-100 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        tabIndex={0}
        role="group"
        aria-label={`${label}: slides`}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.image.src}
            className="w-full shrink-0 snap-start"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            <figure>
              <Picture image={slide.image} slot={imageSlots.wide} alt={slide.alt} className="block h-auto w-full" />
              {slide.caption ? <figcaption className="bg-white px-4 py-3 text-sm text-slate-600">{slide.caption}</figcaption> : null}
            </figure>
          </div>
        ))}
      </div>
      <div className="mt-3 flex min-h-10 items-center justify-between gap-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {hydrated ? `Slide ${index + 1} of ${slides.length}` : `${slides.length} slides: scroll sideways to see them all.`}
        </p>
        {hydrated ? (
          <SlideButtons
            onPrevious={() => goTo(index - 1)}
            onNext={() => goTo(index + 1)}
            previousDisabled={index === 0}
            nextDisabled={index === slides.length - 1}
          />
        ) : null}
      </div>
    </section>
  );
}
