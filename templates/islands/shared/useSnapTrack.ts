import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A horizontal scroll-snap track: the browser does swipe and snapping; this keeps the
 * current slide in sync with scrolling and scrolls to a slide on request (wrapping around).
 */
export function useSnapTrack(count: number) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // While a requested scroll is under way, intermediate positions must not move the index back.
  const target = useRef<number | null>(null);

  const goTo = useCallback(
    (next: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const slide = ((next % count) + count) % count;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.current = slide;
      el.scrollTo({ left: slide * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
      setIndex(slide);
    },
    [count],
  );

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const at = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
        if (target.current !== null) {
          if (at === target.current) target.current = null;
          return;
        }
        setIndex(at);
      });
    };
    const onScrollEnd = () => {
      target.current = null;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('scrollend', onScrollEnd);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('scrollend', onScrollEnd);
    };
  }, []);

  return { track, index, goTo };
}
