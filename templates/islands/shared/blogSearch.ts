import type { ArticleSummary } from '../../collections/summaries.ts';

/**
 * The blog's on-demand data, shared by the build (which writes it) and the BlogBrowser island
 * (which fetches what a search needs). Everything lives in one folder named by its content,
 * under /assets/, so a deploy never mixes files of two builds:
 *   catalog.json       article count, chunk size, categories, each article's category, shard names
 *   cards/{n}.json     the card data of articles n·chunk … (n+1)·chunk − 1, newest first
 *   words/{ab}.json    every indexed word starting with "ab" → the ids of the articles using it
 * An article's id is its place in the archive, newest first. A first search fetches the catalog,
 * one shard per word typed and the cards of the first results: a few small files whatever the
 * size of the archive.
 */

/** What a card shows: the part of an article's summary the blog list needs. */
export type CardArticle = Pick<
  ArticleSummary,
  'slug' | 'href' | 'title' | 'excerpt' | 'category' | 'thumbnail' | 'cover' | 'author' | 'date' | 'readingMinutes'
> & { release?: ArticleSummary['release'] };

/** What a card shows; the release only for an article that is not live (a preview with --drafts shows those). */
export function cardOf({ slug, href, title, excerpt, category, thumbnail, cover, author, date, readingMinutes, release }: CardArticle): CardArticle {
  return {
    slug,
    href,
    title,
    excerpt,
    category,
    thumbnail,
    cover,
    author,
    date,
    readingMinutes,
    ...(release && release.status !== 'published' && { release }),
  };
}

export interface Catalog {
  count: number;
  chunk: number;
  categories: string[];
  /** One base-36 digit per article: its category's index in `categories`. */
  category: string;
  /** The shards that exist, by name. */
  shards: string[];
}

/** Words searched start with at least this many letters: the shard of a word is named by them. */
export const SHARD_PREFIX = 2;

/** Lower-cases and strips accents, so "Évaluation" matches "evaluation". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The words of a text as the index and the search box see them: folded, split at anything but letters and digits. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words of a query that are searched (shorter ones are not yet a search). */
export function queryWords(query: string): string[] {
  return [...new Set(wordsOf(query).filter((w) => w.length >= SHARD_PREFIX))];
}

/** The file name of the shard holding words that start like `word`: letters and digits as they are, anything else by code point. */
export function shardName(word: string): string {
  return [...word.slice(0, SHARD_PREFIX)].map((c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}`)).join('');
}

/** Ids of a shard are stored as gaps from the previous id, which keeps them short. */
export const encodeIds = (ids: number[]) => ids.map((id, i) => id - (i ? ids[i - 1]! : 0));
export function decodeIds(gaps: number[]): number[] {
  let id = 0;
  return gaps.map((gap) => (id += gap));
}

/** Whether an article is in a category's list; every article is in the full list (no category). */
function inCategory(catalog: Catalog, category: string | undefined): (id: number) => boolean {
  if (category === undefined) return () => true;
  const wanted = catalog.categories.indexOf(category).toString(36);
  return (id) => catalog.category[id] === wanted;
}

/**
 * The island's view of the data: fetched on first use, each file once. A search finds the
 * articles using every word of the query (a word typed matches the words it begins), in the
 * category given, newest first.
 */
export class BlogData {
  private readonly files = new Map<string, Promise<unknown>>();

  constructor(private readonly base: string) {}

  private get<T>(file: string): Promise<T> {
    let pending = this.files.get(file);
    if (!pending) {
      pending = fetch(this.base + file).then((response) => {
        if (!response.ok) throw new Error(`${this.base + file}: ${response.status}`);
        return response.json();
      });
      pending.catch(() => this.files.delete(file));
      this.files.set(file, pending);
    }
    return pending as Promise<T>;
  }

  catalog(): Promise<Catalog> {
    return this.get('catalog.json');
  }

  async search(query: string, category: string | undefined): Promise<number[]> {
    const catalog = await this.catalog();
    const words = queryWords(query);
    const shards = new Set(catalog.shards);
    const perWord = await Promise.all(
      words.map(async (word) => {
        const name = shardName(word);
        if (!shards.has(name)) return new Set<number>();
        const shard = await this.get<Record<string, number[]>>(`words/${name}.json`);
        const ids = new Set<number>();
        for (const [indexed, gaps] of Object.entries(shard)) if (indexed.startsWith(word)) for (const id of decodeIds(gaps)) ids.add(id);
        return ids;
      }),
    );
    const listed = inCategory(catalog, category);
    const ids: number[] = [];
    for (let id = 0; id < catalog.count; id++) if (listed(id) && perWord.every((set) => set.has(id))) ids.push(id);
    return ids;
  }

  /**
   * The ids of a numbered page of a list, newest first: a category's articles, or all of them
   * but the one the first page features above the list (`skip`), as the build paginates them.
   */
  async page(category: string | undefined, skip: number | undefined, page: number, pageSize: number): Promise<number[]> {
    const catalog = await this.catalog();
    const listed = inCategory(catalog, category);
    const ids: number[] = [];
    for (let id = 0; id < catalog.count; id++) if (id !== skip && listed(id)) ids.push(id);
    return ids.slice((page - 1) * pageSize, page * pageSize);
  }

  async cards(ids: number[]): Promise<CardArticle[]> {
    const { chunk } = await this.catalog();
    const chunks = [...new Set(ids.map((id) => Math.floor(id / chunk)))];
    const loaded = new Map(await Promise.all(chunks.map(async (n) => [n, await this.get<CardArticle[]>(`cards/${n}.json`)] as const)));
    return ids.map((id) => loaded.get(Math.floor(id / chunk))![id % chunk]!);
  }
}
