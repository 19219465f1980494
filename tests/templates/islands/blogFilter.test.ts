import { describe, expect, it } from 'vitest';
import { ALL, filterArticles, fold, isDefault, paginate, parseState, stateToSearch } from '../../../templates/islands/shared/blogFilter.ts';

const a = (slug: string, title: string, category: string, author = 'Erin Walsh', excerpt = 'An excerpt.') => ({ slug, title, category, author, excerpt });
const articles = [
  a('valuation', 'Sponsorship Valuation: Benchmarking', 'Analytics', 'Daniel Reyes'),
  a('deck', 'Building the Best Sales Deck', 'Strategy', 'Tom Lefebvre', 'Intro decks under 20 slides.'),
  a('report', 'Fulfillment Report Tips', 'Reports'),
  a('naming', 'Évaluer les droits de dénomination', 'Strategy'),
];
const categories = ['Strategy', 'Reports', 'Partnerships', 'Analytics', 'Case Study'];

describe('blog search and filters', () => {
  it('folds case and accents', () => {
    expect(fold('Évaluer ÇA')).toBe('evaluer ca');
  });

  it('matches title, excerpt, author and category, case- and accent-insensitively', () => {
    const find = (query: string, category = ALL) => filterArticles(articles, { category, query }).map((x) => x.slug);
    expect(find('VALUATION')).toEqual(['valuation']);
    expect(find('20 slides')).toEqual(['deck']);
    expect(find('lefebvre')).toEqual(['deck']);
    expect(find('reports')).toEqual(['report']);
    expect(find('evaluer denomination')).toEqual(['naming']);
    expect(find('  ')).toEqual(['valuation', 'deck', 'report', 'naming']);
    expect(find('deck nothing-like-this')).toEqual([]);
  });

  it('filters by category, alone or with a query', () => {
    expect(filterArticles(articles, { category: 'Strategy', query: '' }).map((x) => x.slug)).toEqual(['deck', 'naming']);
    expect(filterArticles(articles, { category: 'Strategy', query: 'deck' }).map((x) => x.slug)).toEqual(['deck']);
    expect(filterArticles(articles, { category: 'Case Study', query: '' })).toEqual([]);
  });

  it('pages through results and says how many remain', () => {
    const list = Array.from({ length: 14 }, (_, i) => i);
    expect(paginate(list, 1, 6)).toEqual({ visible: [0, 1, 2, 3, 4, 5], remaining: 8 });
    expect(paginate(list, 2, 6).remaining).toBe(2);
    expect(paginate(list, 3, 6)).toEqual({ visible: list, remaining: 0 });
    expect(paginate([], 1, 6)).toEqual({ visible: [], remaining: 0 });
  });

  it('reads and writes the state in the query string', () => {
    expect(parseState('?category=Reports&q=tips', categories)).toEqual({ category: 'Reports', query: 'tips' });
    expect(parseState('?category=Nonsense', categories)).toEqual({ category: ALL, query: '' });
    expect(parseState('?category=Case+Study', categories).category).toBe('Case Study');
    expect(stateToSearch({ category: 'Case Study', query: 'golf club' })).toBe('?category=Case+Study&q=golf+club');
    expect(stateToSearch({ category: ALL, query: ' ' }, '?utm_source=x&q=old')).toBe('?utm_source=x');
    expect(isDefault({ category: ALL, query: '' })).toBe(true);
    expect(isDefault({ category: ALL, query: 'x' })).toBe(false);
  });
});
