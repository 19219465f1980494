import { useSiteUrl } from '../../src/islands/base.ts';
import { pageHref } from '../islands/shared/blogLinks.ts';

/** The page numbers shown around the current one: the first, the last, and the current page's neighbours; gaps become an ellipsis. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i && n - shown[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/** Numbered pages of a list as plain links: every page is reachable without JavaScript. */
export function Pagination({ list, page, pages }: { list: string; page: number; pages: number }) {
  const url = useSiteUrl();
  if (pages < 2) return null;
  const link = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-4 text-sm font-semibold transition-colors';
  return (
    <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <a href={url(pageHref(list, page - 1))} rel="prev" className={`${link} border-slate-300 text-ink-900 hover:border-ink-900`}>
          <span aria-hidden="true">←</span>&nbsp;Previous
        </a>
      ) : null}
      <ul className="flex flex-wrap items-center gap-2">
        {pageWindow(page, pages).map((n, i) => (
          <li key={n === 'gap' ? `gap-${i}` : n}>
            {n === 'gap' ? (
              <span className="px-1 text-slate-500" aria-hidden="true">
                …
              </span>
            ) : (
              <a
                href={url(pageHref(list, n))}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={`${link} ${n === page ? 'border-ink-900 bg-ink-900 text-white' : 'border-slate-300 text-ink-900 hover:border-ink-900'}`}
              >
                {n}
              </a>
            )}
          </li>
        ))}
      </ul>
      {page < pages ? (
        <a href={url(pageHref(list, page + 1))} rel="next" className={`${link} border-slate-300 text-ink-900 hover:border-ink-900`}>
          Next&nbsp;<span aria-hidden="true">→</span>
        </a>
      ) : null}
    </nav>
  );
}
