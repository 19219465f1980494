// The only script a page with islands loads up front: it decides when each island hydrates.
type Mount = (element: Element, props: unknown, prefix: string) => void;

const hydrate = (el: HTMLElement) => {
  if (el.dataset.hydrating) return Promise.resolve();
  el.dataset.hydrating = '1';
  return import(el.dataset.src!).then((m: { default: Mount }) => m.default(el, JSON.parse(el.dataset.props || '{}'), el.dataset.prefix!));
};

const whenVisible = (el: HTMLElement) => {
  const target = el.firstElementChild ?? el;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void hydrate(el);
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(target);
};

// Hydrate on the first sign of intent; a click that arrives before hydration is replayed after it.
const whenInteracted = (el: HTMLElement) => {
  const events = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
  let pendingClick: Element | null = null;
  const onClick = (event: Event) => {
    event.preventDefault();
    pendingClick = event.target as Element;
  };
  const start = () => {
    for (const type of events) el.removeEventListener(type, start);
    el.addEventListener('click', onClick, true);
    void hydrate(el).then(() => {
      el.removeEventListener('click', onClick, true);
      if (pendingClick) requestAnimationFrame(() => (pendingClick as HTMLElement).click());
    });
  };
  for (const type of events) el.addEventListener(type, start, { passive: true });
};

const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));

for (const el of document.querySelectorAll<HTMLElement>('sitegen-island[data-src]')) {
  const when = el.dataset.when;
  if (when === 'load') void hydrate(el);
  else if (when === 'visible') whenVisible(el);
  else if (when === 'interaction') whenInteracted(el);
  else idle(() => void hydrate(el));
}
