import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { PreviewNotice } from '../components/PreviewNotice.tsx';

/** Every page: skip link, the preview's notice (in a preview), header, main landmark, footer. */
export function Layout({ children }: { children: ReactNode; route: string }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <PreviewNotice />
      <Header />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}
