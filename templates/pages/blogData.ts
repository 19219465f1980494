import { ASSETS_DIR, contentHash } from '../../src/template-api.ts';
import type { ArticleSummary } from '../collections/summaries.ts';
import { cardOf, encodeIds, shardName, wordsOf, SHARD_PREFIX, type Catalog } from '../islands/shared/blogSearch.ts';

/** Cards per file: a first page of results needs one or two of them. */
const CHUNK = 24;

export interface BlogFiles {
  /** The folder's URL, ending in a slash. */
  base: string;
  /** Path in the output → JSON. */
  files: Map<string, string>;
}

const made = new WeakMap<readonly ArticleSummary[], BlogFiles>();
/** The last data made, by the text of its inputs: a build that changed no summary (watch, a rebuild) makes none. */
let last: { key: string; files: BlogFiles } | undefined;

/** The blog's search data for the archive (newest first), made once per list of summaries and shared by its pages. */
export function blogFiles(articles: readonly ArticleSummary[], categories: readonly string[]): BlogFiles {
  const known = made.get(articles);
  if (known) return known;
  const key = JSON.stringify([articles, categories]);
  if (last?.key === key) {
    made.set(articles, last.files);
    return last.files;
  }
  const data = new Map<string, string>();
  const catalog: Catalog = {
    count: articles.length,
    chunk: CHUNK,
    categories: [...categories],
    category: articles.map((a) => categories.indexOf(a.category).toString(36)).join(''),
    shards: [],
  };
  for (let n = 0; n * CHUNK < articles.length; n++) data.set(`cards/${n}.json`, JSON.stringify(articles.slice(n * CHUNK, (n + 1) * CHUNK).map(cardOf)));

  const shards = new Map<string, Map<string, number[]>>();
  articles.forEach((article, id) => {
    for (const word of new Set(wordsOf(`${article.title} ${article.excerpt} ${article.author} ${article.category}`))) {
      if (word.length < SHARD_PREFIX) continue;
      const name = shardName(word);
      const shard = shards.get(name) ?? new Map<string, number[]>();
      shards.set(name, shard);
      const ids = shard.get(word);
      if (ids) ids.push(id);
      else shard.set(word, [id]);
    }
  });
  for (const [name, shard] of [...shards].sort(([a], [b]) => a.localeCompare(b))) {
    catalog.shards.push(name);
    data.set(
      `words/${name}.json`,
      JSON.stringify(Object.fromEntries([...shard].sort(([a], [b]) => a.localeCompare(b)).map(([word, ids]) => [word, encodeIds(ids)]))),
    );
  }
  data.set('catalog.json', JSON.stringify(catalog));

  const folder = `${ASSETS_DIR}/blog/${contentHash([...data].map(([file, json]) => `${file}\n${json}`).join('\n'), 12)}`;
  const result = { base: `/${folder}/`, files: new Map([...data].map(([file, json]) => [`${folder}/${file}`, json])) };
  made.set(articles, result);
  last = { key, files: result };
  return result;
}
