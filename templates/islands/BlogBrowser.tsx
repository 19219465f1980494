import { useSiteUrl } from '../../src/islands/base.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FeaturedArticle } from '../components/FeaturedArticle.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { pageHref } from './shared/blogLinks.ts';
import { BlogData, queryWords, type CardArticle } from './shared/blogSearch.ts';
import { useHydrated } from './shared/useHydrated.ts';

export interface BlogBrowserProps {
  categories: { name: string; href: string }[];
  /** The list of every article, and the list this page belongs to (a category's, or the same). */
  allHref: string;
  listHref: string;
  category: string | undefined;
  page: number;
  pages: number;
  /** Articles in this list, the featured one included. */
  total: number;
  featured: CardArticle | undefined;
  /** The featured article's id in the search data, which the full list's pages leave out. */
  skip: number | undefined;
  cards: CardArticle[];
  pageSize: number;
  /** The folder of the search data (see shared/blogSearch.ts). */
  data: string;
}

interface Search {
  query: string;
  status: 'searching' | 'done' | 'failed';
  ids: number[];
  shown: CardArticle[];
}

/** The pages "Load More Articles" added under this page's cards, and how the last request went. */
interface More {
  through: number;
  cards: CardArticle[];
  status: 'idle' | 'loading' | 'failed';
}

/** The box of "Load More Articles" (the link the server paints and the button that replaces it once hydrated) and of "Show more results". */
const moreClass = 'btn-primary px-6 py-3 text-base';

const plural = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

/**
 * A page of the blog: category links, this page's cards and numbered pages, all plain links
 * that work without JavaScript. Hydration keeps exactly what the server painted; search, once
 * JavaScript runs, fetches a small index on first use and lists the matches newest first (in
 * this page's category, if any), with "Show more results". The query lives in the URL (?q=…),
 * so a search can be shared; a link of the time before categories had pages (?category=…)
 * goes to the category's page.
 * "Load More Articles" is painted as a link to the next page, which is where it leads without
 * JavaScript; once hydrated it is a button that appends the next page's cards in place, moves
 * focus to the first of them and puts that page's URL in the address bar, so that a reload or a
 * shared link lands there. It is gone once the list's last page is shown.
 */
export default function BlogBrowser(props: BlogBrowserProps) {
  const { categories, allHref, listHref, category, page, pages, total, featured, skip, cards, pageSize } = props;
  const url = useSiteUrl();
  const hydrated = useHydrated();
  const blog = useMemo(() => new BlogData(url(props.data)), [url, props.data]);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const [more, setMore] = useState<More>({ through: page, cards: [], status: 'idle' });
  const latest = useRef(0);
  const list = useRef<HTMLUListElement>(null);

  const run = useCallback(
    async (text: string) => {
      const ticket = ++latest.current;
      if (!queryWords(text).length) return setSearch(null);
      setSearch((s) => ({ query: text, status: 'searching', ids: s?.ids ?? [], shown: s?.shown ?? [] }));
      try {
        const ids = await blog.search(text, category);
        const shown = await blog.cards(ids.slice(0, pageSize));
        if (ticket === latest.current) setSearch({ query: text, status: 'done', ids, shown });
      } catch {
        if (ticket === latest.current) setSearch({ query: text, status: 'failed', ids: [], shown: [] });
      }
    },
    [blog, category, pageSize],
  );

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const shared = categories.find((c) => c.name === params.get('category'));
    if (shared && !category) {
      params.delete('category');
      window.location.replace(`${url(shared.href)}${params.size ? `?${params}` : ''}${window.location.hash}`);
      return;
    }
    const text = params.get('q') ?? '';
    if (text) {
      setQuery(text);
      void run(text);
    }
    // The URL is read once, when the island has hydrated with what the server painted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusFrom === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('li h3 a')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom]);

  const type = (text: string) => {
    setQuery(text);
    const params = new URLSearchParams(window.location.search);
    if (text.trim()) params.set('q', text);
    else params.delete('q');
    window.history.replaceState(null, '', `${window.location.pathname}${params.size ? `?${params}` : ''}${window.location.hash}`);
    void run(text);
  };

  const showMore = async () => {
    if (!search) return;
    const from = search.shown.length;
    const next = await blog.cards(search.ids.slice(from, from + pageSize));
    setSearch({ ...search, shown: [...search.shown, ...next] });
    setFocusFrom(from);
  };

  const loadMore = async () => {
    if (more.status === 'loading') return;
    const next = more.through + 1;
    setMore({ ...more, status: 'loading' });
    try {
      const added = await blog.cards(await blog.page(category, skip, next, pageSize));
      setMore({ through: next, cards: [...more.cards, ...added], status: 'idle' });
      setFocusFrom(cards.length + more.cards.length);
      window.history.replaceState(null, '', url(pageHref(listHref, next)));
    } catch {
      setMore({ ...more, status: 'failed' });
    }
  };

  const withQuery = (href: string) => (search ? `${url(href)}?q=${encodeURIComponent(search.query)}` : url(href));
  const shown = search ? search.shown : [...cards, ...more.cards];
  const through = more.through;
  const heading = search ? `${category ? `${category}: s` : 'S'}earch results` : category ? `${category} articles` : 'All articles';
  let status = pages > 1 ? `${through > page ? `Pages ${page}–${through}` : `Page ${page}`} of ${pages} · ${plural(total)}` : plural(total);
  if (query.trim() && !search) status = 'Type at least two letters to search';
  else if (search?.status === 'searching') status = 'Searching…';
  else if (search?.status === 'failed') status = 'Search is not available right now: browse the pages of the blog instead.';
  else if (search) status = `Showing ${search.shown.length} of ${plural(search.ids.length)}`;
  else if (more.status === 'loading') status = 'Loading more articles…';
  else if (more.status === 'failed') status = 'More articles could not be loaded: try again, or use the numbered pages.';

  return (
    <div>
      {/* Laid out from the top left, the field as tall as a link, so that what a page paints while it is still arriving keeps its place as the rest arrives. */}
      <div className="mb-10 flex flex-col gap-5 xl:flex-row xl:items-start">
        <div role="search" className="relative w-full lg:max-w-sm">
          <input
            type="search"
            placeholder={category ? `Search ${category} articles...` : 'Search articles...'}
            aria-label={category ? `Search ${category} articles` : 'Search articles'}
            value={query}
            disabled={!hydrated}
            onChange={(e) => type(e.target.value)}
            className="w-full min-h-11 rounded-full border border-slate-300 bg-white py-2 pr-4 pl-11 text-ink-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none disabled:bg-slate-50"
          />
          {/* After the field: before it, the icon would be painted in an empty box and move when the field arrived. */}
          <svg
            className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400"
            viewBox="0 0 20 20"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m13.5 13.5 4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </div>
        <nav aria-label="Categories">
          <ul className="flex flex-wrap gap-2">
            {[{ name: 'All', href: allHref }, ...categories].map((c) => {
              const current = c.name === (category ?? 'All');
              return (
                <li key={c.name}>
                  <a
                    href={withQuery(c.href)}
                    aria-current={current ? 'page' : undefined}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-700 transition-colors hover:border-ink-900 aria-[current=page]:border-ink-900 aria-[current=page]:bg-ink-900 aria-[current=page]:text-white"
                  >
                    {c.name}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>

      {featured && !search ? <FeaturedArticle article={featured} /> : null}

      <section aria-labelledby="articles-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-ink-900">
            {heading}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {status}
          </p>
        </div>
        {shown.length || search?.status === 'searching' ? (
          <ul ref={list} className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={search?.status === 'searching' || undefined}>
            {shown.map((article) => (
              <li key={article.slug}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-card border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold text-ink-900">
              {search?.status === 'failed' ? 'Search is not available right now.' : 'No articles match your search.'}
            </p>
            <p className="mt-2 text-slate-600">
              {search
                ? `Nothing in ${category ? `the ${category} articles` : 'the blog'} mentions “${search.query.trim()}”.`
                : `There are no ${category ?? ''} articles yet.`}
            </p>
            <button type="button" className="btn-secondary mt-6" onClick={() => type('')}>
              Clear the search
            </button>
          </div>
        )}
        {search && search.shown.length < search.ids.length ? (
          <div className="mt-10 flex justify-center">
            <button type="button" className={moreClass} onClick={() => void showMore()}>
              Show more results
            </button>
          </div>
        ) : null}
        {!search && through < pages ? (
          <div className="mt-10 flex justify-center">
            {hydrated ? (
              <button type="button" className={moreClass} aria-busy={more.status === 'loading' || undefined} onClick={() => void loadMore()}>
                Load More Articles
              </button>
            ) : (
              <a href={url(pageHref(listHref, through + 1))} className={moreClass}>
                Load More Articles
              </a>
            )}
          </div>
        ) : null}
        {search ? null : <Pagination list={listHref} page={through} pages={pages} />}
      </section>
    </div>
  );
}
