/** Search, category filter and paging of the blog index: pure functions, shared by the island and its tests. */

export interface FilterableArticle {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
}

export const ALL = 'All';

export interface BlogState {
  category: string;
  query: string;
}

/** Lower-cases and strips accents, so "Évaluation" matches "evaluation". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Articles in the category (or all) whose title, excerpt, author or category contain every word of the query. */
export function filterArticles<A extends FilterableArticle>(articles: readonly A[], state: BlogState): A[] {
  const words = fold(state.query).split(/\s+/).filter(Boolean);
  return articles.filter((a) => {
    if (state.category !== ALL && a.category !== state.category) return false;
    if (!words.length) return true;
    const haystack = fold(`${a.title} ${a.excerpt} ${a.author} ${a.category}`);
    return words.every((w) => haystack.includes(w));
  });
}

/** The first `pages` pages of a list, and whether more remain. */
export function paginate<A>(list: readonly A[], pages: number, pageSize: number): { visible: A[]; remaining: number } {
  const visible = list.slice(0, Math.max(1, pages) * pageSize);
  return { visible, remaining: list.length - visible.length };
}

/** Reads the state from a query string; unknown categories fall back to All. */
export function parseState(search: string, categories: readonly string[]): BlogState {
  const params = new URLSearchParams(search);
  const category = params.get('category') ?? ALL;
  return { category: categories.includes(category) ? category : ALL, query: params.get('q') ?? '' };
}

/** The query string for a state ('' for the default view), keeping unrelated parameters. */
export function stateToSearch(state: BlogState, current = ''): string {
  const params = new URLSearchParams(current);
  if (state.category === ALL) params.delete('category');
  else params.set('category', state.category);
  if (state.query.trim()) params.set('q', state.query);
  else params.delete('q');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function isDefault(state: BlogState): boolean {
  return state.category === ALL && !state.query.trim();
}
