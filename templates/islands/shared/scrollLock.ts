import { useEffect, useRef } from 'react';

/** Locks the page's scroll behind a modal (the drawer or a dialog); the scroll position stays put. */
export function lockScroll(locked: boolean) {
  document.documentElement.style.overflow = locked ? 'hidden' : '';
  document.body.style.overflow = locked ? 'hidden' : '';
}

/** A page restored from the back/forward cache must not keep the lock or an open modal: `reset` closes it. */
export function useResetOnRestore(reset: () => void) {
  const latest = useRef(reset);
  latest.current = reset;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      lockScroll(false);
      latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
