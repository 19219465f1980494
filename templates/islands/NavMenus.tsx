import { useSiteUrl } from '../../src/islands/base.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface NavItem {
  label: string;
  href: string;
  description?: string;
}

export interface NavMenusProps {
  menus: { label: string; items: NavItem[] }[];
  links: NavItem[];
  /** The current page's href, when the menus link to it. */
  current?: string;
}

/**
 * The desktop drop-downs. They are native disclosure widgets, so they open with a click,
 * Enter or Space even before (or without) JavaScript; once hydrated, the arrow keys move
 * through the items, Escape closes and returns focus, and a click outside closes.
 */
export default function NavMenus({ menus, links, current }: NavMenusProps) {
  const url = useSiteUrl();
  const [open, setOpen] = useState<number | null>(null);
  const menuRefs = useRef<(HTMLDetailsElement | null)[]>([]);

  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRefs.current[open]?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (menu: number, index: number) => {
    requestAnimationFrame(() => {
      const items = menuRefs.current[menu]?.querySelectorAll<HTMLAnchorElement>('ul a');
      if (items?.length) items[(index + items.length) % items.length]!.focus();
    });
  };

  const onKeyDown = (menu: number) => (event: KeyboardEvent<HTMLDetailsElement>) => {
    const items = [...(menuRefs.current[menu]?.querySelectorAll<HTMLAnchorElement>('ul a') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    const summary = menuRefs.current[menu]?.querySelector('summary');
    switch (event.key) {
      case 'Escape':
        if (open !== menu) return;
        setOpen(null);
        summary?.focus();
        break;
      case 'ArrowDown':
        setOpen(menu);
        focusItem(menu, current + 1);
        break;
      case 'ArrowUp':
        setOpen(menu);
        focusItem(menu, current === -1 ? -1 : current - 1);
        break;
      case 'Home':
      case 'End':
        if (current === -1) return;
        focusItem(menu, event.key === 'Home' ? 0 : -1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <ul className="flex items-center gap-1">
      {menus.map((menu, i) => (
        <li key={menu.label} className="relative">
          <details
            ref={(el) => {
              menuRefs.current[i] = el;
            }}
            open={open === i}
            onToggle={(e) => {
              const isOpen = e.currentTarget.open;
              setOpen((o) => (isOpen ? i : o === i ? null : o));
            }}
            onKeyDown={onKeyDown(i)}
            className="group"
          >
            <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink-900 [&::-webkit-details-marker]:hidden">
              {menu.label}
              <svg className="h-4 w-4 transition-transform group-open:rotate-180" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </summary>
            <ul className="absolute left-0 top-full mt-2 w-80 rounded-2xl border border-slate-200 bg-white p-2 shadow-card">
              {menu.items.map((item) => (
                <li key={item.href}>
                  <a
                    href={url(item.href)}
                    aria-current={item.href === current ? 'page' : undefined}
                    className="block rounded-xl px-3 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <span className="block text-sm font-semibold text-ink-900">{item.label}</span>
                    {item.description ? <span className="mt-0.5 block text-xs leading-snug text-slate-600">{item.description}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={url(link.href)}
            aria-current={link.href === current ? 'page' : undefined}
            className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink-900"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
