import { Island, useSiteUrl } from '../../src/template-api.ts';
import MobileMenu from '../islands/MobileMenu.tsx';
import NavMenus from '../islands/NavMenus.tsx';
import { useTouchlineSite } from '../schemas/site.ts';
import { Logo } from './Logo.tsx';
import { NewTabLink } from './NewTabLink.tsx';

/**
 * The shared header. The drop-downs and the mobile drawer are islands that hydrate on the
 * first pointer or focus; before that (and without JavaScript) the drop-downs are native
 * disclosures and "Menu" links to the footer's navigation.
 */
export function Header() {
  const { site, route } = useTouchlineSite();
  const url = useSiteUrl();
  const { header } = site;
  const signIn = { label: header.signIn, href: site.appUrl };
  // Only a page the menus link to is marked current; every other page gets the same menus (rendered once, their props in one shared file).
  const current = [...header.menus.flatMap((m) => m.items), ...header.links].some((item) => item.href === route) ? route : undefined;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-6">
        <a href={url('/')} className="shrink-0 rounded-md" aria-label={`${site.name} home`}>
          <Logo name={site.name} compact />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <Island of={NavMenus} props={{ menus: header.menus, links: header.links, current }} when="interaction" shared={['menus', 'links']} />
        </nav>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <NewTabLink href={signIn.href} className="btn hidden text-ink-900 hover:bg-slate-100 sm:inline-flex">
            {signIn.label}
          </NewTabLink>
          <a href={url(header.cta.href)} className="btn-primary px-3 max-[359px]:hidden sm:px-5">
            {header.cta.label}
          </a>
          <div className="md:hidden">
            <Island
              of={MobileMenu}
              props={{ menus: header.menus, links: header.links, signIn, cta: header.cta, current }}
              when="interaction"
              shared={['menus', 'links', 'signIn', 'cta']}
            />
          </div>
        </div>
      </div>
    </header>
  );
}
