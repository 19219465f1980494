import { useEffect, useRef, useState } from 'react';
import type { ArticleSummary } from '../../src/model.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FeaturedArticle } from '../components/FeaturedArticle.tsx';
import { ALL, filterArticles, isDefault, paginate, parseState, stateToSearch, type BlogState } from './shared/blogFilter.ts';
import { useHydrated } from './shared/useHydrated.ts';

export interface BlogBrowserProps {
  articles: ArticleSummary[];
  categories: string[];
  featured: string | undefined;
  pageSize: number;
}

/**
 * The blog index: search as you type (title, excerpt, author, category; case- and accent-
 * insensitive), category buttons, and "Load More Articles". The state lives in the URL
 * (?category=…&q=…) so a view can be shared and Back restores it. Without JavaScript every
 * article is listed and the controls stay disabled.
 */
export default function BlogBrowser({ articles, categories, featured, pageSize }: BlogBrowserProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<BlogState>({ category: ALL, query: '' });
  const [pages, setPages] = useState(1);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const fromUrl = () => {
      setState(parseState(window.location.search, categories));
      setPages(1);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [categories]);

  useEffect(() => {
    if (focusFrom === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('li a')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom]);

  const update = (next: BlogState, history: 'push' | 'replace') => {
    setState(next);
    setPages(1);
    const url = `${window.location.pathname}${stateToSearch(next, window.location.search)}${window.location.hash}`;
    if (history === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  };

  const featuredArticle = articles.find((a) => a.slug === featured);
  const showFeatured = featuredArticle !== undefined && (!hydrated || isDefault(state));
  const pool = showFeatured ? articles.filter((a) => a !== featuredArticle) : articles;
  const matches = hydrated ? filterArticles(pool, state) : pool;
  const { visible, remaining } = hydrated ? paginate(matches, pages, pageSize) : { visible: matches, remaining: 0 };

  return (
    <div>
      <div role="search" className="mb-10 flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative w-full lg:max-w-sm">
          <svg className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-400" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m13.5 13.5 4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <input
            type="search"
            placeholder="Search articles..."
            aria-label="Search articles"
            value={state.query}
            disabled={!hydrated}
            onChange={(e) => update({ ...state, query: e.target.value }, 'replace')}
            className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-11 text-ink-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none disabled:bg-slate-50"
          />
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Categories">
          {[ALL, ...categories].map((category) => (
            <button
              key={category}
              type="button"
              aria-pressed={state.category === category}
              disabled={!hydrated}
              onClick={() => update({ ...state, category }, 'push')}
              className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 transition-colors hover:border-ink-900 aria-pressed:border-ink-900 aria-pressed:bg-ink-900 aria-pressed:text-white disabled:cursor-default"
            >
              {category}
            </button>
          ))}
        </div>
      </div>

      {featuredArticle && showFeatured ? <FeaturedArticle article={featuredArticle} /> : null}

      <section aria-labelledby="articles-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-ink-900">
            {isDefault(state) ? 'All articles' : state.category === ALL ? 'Search results' : state.category}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {hydrated ? `Showing ${visible.length} of ${matches.length} ${matches.length === 1 ? 'article' : 'articles'}` : `${matches.length} articles`}
          </p>
        </div>
        {matches.length ? (
          <ul ref={list} className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {visible.map((article) => (
              <li key={article.slug}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-card border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold text-ink-900">No articles match your search.</p>
            <p className="mt-2 text-slate-600">
              {state.query.trim() ? `Nothing in ${state.category === ALL ? 'any category' : state.category} mentions “${state.query.trim()}”.` : `There are no ${state.category} articles yet.`}
            </p>
            <button type="button" className="btn-secondary mt-6" onClick={() => update({ category: ALL, query: '' }, 'push')}>
              Show all articles
            </button>
          </div>
        )}
        {remaining > 0 ? (
          <div className="mt-10 flex justify-center">
            <button
              type="button"
              className="btn-primary px-6 py-3 text-base"
              onClick={() => {
                setFocusFrom(visible.length);
                setPages((p) => p + 1);
              }}
            >
              Load More Articles
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
