import { useSiteUrl } from '../../src/template-api.ts';
import { useTouchlineSite } from '../schemas/site.ts';
import { Logo } from './Logo.tsx';

export function Footer() {
  const { site, year } = useTouchlineSite();
  const url = useSiteUrl();
  return (
    <footer className="bg-ink-950 text-slate-300">
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1.2fr_2fr]">
        <div className="max-w-sm">
          <Logo name={site.name} inverted />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">{site.footer.blurb}</p>
          <a href={`mailto:${site.email}`} className="mt-4 inline-block text-sm font-medium text-brand-200 hover:text-white">
            {site.email}
          </a>
        </div>
        <nav id="site-footer-nav" aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {site.footer.columns.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a href={url(link.href)} className="text-sm text-slate-400 hover:text-white">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-xs text-slate-400">{`© ${year} ${site.legalName.replace(/\.$/, '')}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
