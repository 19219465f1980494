import { useSite } from '../../src/render/siteContext.ts';
import { Logo } from './Logo.tsx';

/** The shared header. Menus are native disclosure widgets, so they work without JavaScript. */
export function Header() {
  const { site, route } = useSite();
  const { header } = site;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-16 items-center justify-between gap-3 sm:gap-6">
        <a href="/" className="shrink-0 rounded-md" aria-label={`${site.name} home`}>
          <Logo name={site.name} />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {header.menus.map((menu) => (
              <li key={menu.label} className="relative">
                <details className="group">
                  <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink-900 [&::-webkit-details-marker]:hidden">
                    {menu.label}
                    <svg className="h-4 w-4 transition-transform group-open:rotate-180" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                      <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </summary>
                  <ul className="absolute left-0 top-full mt-2 w-80 rounded-2xl border border-slate-200 bg-white p-2 shadow-card">
                    {menu.items.map((item) => (
                      <li key={item.href}>
                        <a href={item.href} aria-current={item.href === route ? 'page' : undefined} className="block rounded-xl px-3 py-2.5 hover:bg-slate-50">
                          <span className="block text-sm font-semibold text-ink-900">{item.label}</span>
                          {item.description ? <span className="mt-0.5 block text-xs leading-snug text-slate-600">{item.description}</span> : null}
                        </a>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            {header.links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.href === route ? 'page' : undefined} className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink-900">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <a href={site.appUrl} target="_blank" rel="noopener noreferrer" className="btn hidden text-ink-900 hover:bg-slate-100 sm:inline-flex">
            {header.signIn}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={header.cta.href} className="btn-primary px-3.5 sm:px-5">
            {header.cta.label}
          </a>
          <a href="#site-footer-nav" className="btn border border-slate-300 px-3.5 text-ink-900 md:hidden">
            Menu
          </a>
        </div>
      </div>
    </header>
  );
}
