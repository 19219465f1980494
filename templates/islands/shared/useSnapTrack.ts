import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A horizontal scroll-snap track: the browser does swipe and snapping; this keeps the
 * current slide in sync with scrolling and scrolls to a slide on request (wrapping around).
 */
export function useSnapTrack(count: number) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  const goTo = useCallback(
    (next: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const target = ((next % count) + count) % count;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: target * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [count],
  );

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
    };
  }, []);

  return { track, index, goTo };
}
