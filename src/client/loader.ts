// The only script a page with islands loads up front: it decides when each island hydrates.
import type { HydrateWhen } from '../islands/Island.tsx';

type Mount = (element: Element, props: unknown, prefix: string, base: string) => Promise<void>;

/** The path the site is published under, which the server rendered the islands with ('' at the root of the host). */
const base = document.documentElement.dataset.base ?? '';

/** An island's props: those in its markup, over those many pages share, in a file the browser keeps cached. */
const propsOf = async (el: HTMLElement): Promise<unknown> => {
  const own = JSON.parse(el.dataset.props || '{}') as object;
  const file = el.dataset.propsSrc;
  if (!file) return own;
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return { ...((await response.json()) as object), ...own };
};

/** Each island hydrates once: every caller waits for the same hydration. Its script and its props load side by side. */
const hydrations = new WeakMap<HTMLElement, Promise<void>>();
const hydrate = (el: HTMLElement): Promise<void> => {
  let hydration = hydrations.get(el);
  if (!hydration) {
    hydration = Promise.all([import(el.dataset.src!) as Promise<{ default: Mount }>, propsOf(el)]).then(([m, props]) =>
      m.default(el, props, el.dataset.prefix!, base),
    );
    hydrations.set(el, hydration);
  }
  return hydration;
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

/** The child indexes from the island down to a node: the same place in the hydrated tree, should React have replaced the node. */
const pathTo = (root: Element, node: Element): number[] => {
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) path.unshift(at.parentElement ? [...at.parentElement.children].indexOf(at) : 0);
  return path;
};
const follow = (root: Element, path: number[]): Element | undefined => path.reduce<Element | undefined>((at, i) => at?.children[i], root);

/** Keys a hydrated control acts on that do not already come back as a click (Enter and Space do). */
const HELD_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape']);

/**
 * Hydrates on the first sign of intent (a pointer over it, focus, a touch). The first click or
 * navigation key that arrives before the island has settled is held (its default, which may be
 * to follow the no-JavaScript fallback link, is prevented) and replayed once on the same place of
 * the hydrated tree, so the control does what a hydrated one does, exactly once. Later events
 * before then are dropped. If the island's script cannot load, the held click does what it would
 * have done without JavaScript.
 */
const whenInteracted = (el: HTMLElement) => {
  let held: { path: number[]; target: Element; focused: boolean; replay: (target: Element) => void } | undefined;
  let started = false;
  let settled = false;
  const hold = (event: Event, replay: (target: Element) => void) => {
    event.preventDefault();
    event.stopPropagation();
    const target = event.target as Element;
    held ??= { path: pathTo(el, target), target, focused: document.activeElement === target, replay };
    start();
  };
  const onClick = (event: MouseEvent) => {
    // A click with a modifier or another button opens a new tab or a menu: the browser's own business.
    if (settled || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    hold(event, (target) => (target as HTMLElement).click());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (settled || !HELD_KEYS.has(event.key)) return;
    const init: KeyboardEventInit = { key: event.key, code: event.code, bubbles: true, cancelable: true, composed: true };
    hold(event, (target) => target.dispatchEvent(new KeyboardEvent('keydown', init)));
  };
  const finish = (hydrated: boolean) => {
    settled = true;
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('keydown', onKeyDown, true);
    if (!held) return;
    const { path, target, focused, replay } = held;
    const now = target.isConnected && el.contains(target) ? target : follow(el, path);
    if (!now) return;
    if (focused && hydrated && (document.activeElement === document.body || !document.activeElement)) (now as HTMLElement).focus();
    replay(now);
  };
  const intents = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of intents) el.removeEventListener(type, start);
    hydrate(el).then(
      () => finish(true),
      () => finish(false),
    );
  };
  el.addEventListener('click', onClick, true);
  el.addEventListener('keydown', onKeyDown, true);
  for (const type of intents) el.addEventListener(type, start, { passive: true });
};

const whenIdle = (el: HTMLElement) => {
  const start = () => void hydrate(el);
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
};

/** What starts each island's hydration, by the `when` it was given (`Island` defaults to idle). */
const triggers: Record<HydrateWhen, (el: HTMLElement) => void> = {
  load: (el) => void hydrate(el),
  idle: whenIdle,
  visible: whenVisible,
  interaction: whenInteracted,
};

for (const el of document.querySelectorAll<HTMLElement>('sitegen-island[data-src]')) {
  const when = el.dataset.when;
  (when && Object.hasOwn(triggers, when) ? triggers[when as HydrateWhen] : triggers.idle)(el);
}
