import { useSiteUrl } from '../../src/islands/base.ts';
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { NewTabLink } from '../components/NewTabLink.tsx';
import type { NavItem } from './NavMenus.tsx';
import { lockScroll, useResetOnRestore } from './shared/scrollLock.ts';
import { useHydrated } from './shared/useHydrated.ts';

export interface MobileMenuProps {
  menus: { label: string; items: NavItem[] }[];
  links: NavItem[];
  signIn: NavItem;
  cta: NavItem;
  /** The current page's href, when the menus link to it. */
  current?: string;
}

/** Swipe-to-close and animation constants from the spec (§9). */
export const CLOSE_FRACTION = 0.25;
export const CLOSE_VELOCITY = 0.4;
const ANIMATION_MS = 500;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The menu below the md breakpoint: a bottom drawer in a modal <dialog> (focus moves in and
 * stays there; Escape and the backdrop close it), with the page's scroll locked while it is
 * open. Dragging it down closes it past a quarter of its height or on a fast flick; choosing a
 * link closes it. Without JavaScript, "Menu" is a link to the footer's navigation.
 */
export default function MobileMenu({ menus, links, signIn, cta, current }: MobileMenuProps) {
  const url = useSiteUrl();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const drag = useRef<{ startY: number; lastY: number; lastT: number; velocity: number } | null>(null);
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState<number | null>(null);

  const finishClose = useCallback(() => {
    dialog.current?.close();
    lockScroll(false);
    setOpen(false);
    setOffset(null);
    trigger.current?.focus();
  }, []);

  const close = useCallback(
    (animate = true) => {
      if (!dialog.current?.open) return;
      if (!animate || prefersReducedMotion()) return finishClose();
      setOffset(sheet.current?.offsetHeight ?? 0);
      window.setTimeout(finishClose, ANIMATION_MS);
    },
    [finishClose],
  );

  const show = () => {
    dialog.current?.showModal();
    lockScroll(true);
    setOffset(null);
    setOpen(true);
  };

  useResetOnRestore(() => {
    dialog.current?.close();
    setOpen(false);
    setOffset(null);
  });

  const onPointerDown = (event: ReactPointerEvent) => {
    drag.current = { startY: event.clientY, lastY: event.clientY, lastT: event.timeStamp, velocity: 0 };
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dt = event.timeStamp - d.lastT;
    if (dt > 0) d.velocity = (event.clientY - d.lastY) / dt;
    d.lastY = event.clientY;
    d.lastT = event.timeStamp;
    setOffset(Math.max(0, event.clientY - d.startY));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    const distance = Math.max(0, event.clientY - d.startY);
    const height = sheet.current?.offsetHeight ?? 1;
    if (distance > height * CLOSE_FRACTION || d.velocity > CLOSE_VELOCITY) close();
    else setOffset(null);
  };

  if (!hydrated) {
    return (
      <a href="#site-footer-nav" className="btn border border-slate-300 px-3 text-ink-900">
        Menu
      </a>
    );
  }

  const dragging = drag.current !== null;
  return (
    <>
      <button ref={trigger} type="button" className="btn border border-slate-300 px-3 text-ink-900" aria-haspopup="dialog" aria-expanded={open} onClick={show}>
        Menu
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="m-0 mt-auto max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-ink-950/50"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        <div
          ref={sheet}
          className={`max-h-[85vh] overflow-y-auto rounded-t-3xl bg-white pb-8 shadow-2xl motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:translate-y-full ${dragging ? 'transition-none!' : ''}`}
          style={offset !== null ? { transform: `translateY(${offset}px)` } : undefined}
        >
          <div
            className="sticky top-0 cursor-grab touch-none bg-white px-6 pt-3 pb-2"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            data-drawer-handle=""
          >
            <div className="mx-auto h-1.5 w-12 rounded-full bg-slate-300" aria-hidden="true" />
            <div className="mt-3 flex items-center justify-between">
              <p className="text-sm font-bold tracking-[0.14em] text-slate-500 uppercase">Menu</p>
              <button type="button" className="btn -mr-3 px-3 text-ink-900 hover:bg-slate-100" onClick={() => close()}>
                Close
              </button>
            </div>
          </div>
          <nav aria-label="Mobile" className="px-3" onClick={(event) => (event.target as Element).closest('a') && close(false)}>
            {menus.map((menu) => (
              <section key={menu.label} className="mt-4" aria-label={menu.label}>
                <h2 className="px-3 text-xs font-bold tracking-[0.14em] text-brand-700 uppercase">{menu.label}</h2>
                <LinkList items={menu.items} current={current} className="mt-1" />
              </section>
            ))}
            <LinkList items={links} current={current} className="mt-4 border-t border-slate-200 pt-4" />
            <div className="mt-6 grid gap-3 px-3">
              <NewTabLink href={signIn.href} className="btn-secondary py-3 text-base">
                {signIn.label}
              </NewTabLink>
              <a href={url(cta.href)} className="btn-primary py-3 text-base">
                {cta.label}
              </a>
            </div>
          </nav>
        </div>
      </dialog>
    </>
  );
}

function LinkList({ items, current, className }: { items: NavItem[]; current: string | undefined; className: string }) {
  const url = useSiteUrl();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.href}>
          <a
            href={url(item.href)}
            aria-current={item.href === current ? 'page' : undefined}
            className="block rounded-xl px-3 py-3 text-base font-medium text-ink-900 hover:bg-slate-50"
          >
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
