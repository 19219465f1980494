/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same experiment. */
export function seededRandom(seed: number): () => number;

/**
 * The text of synthetic article number `i` (saved as `synthetic-${i}.md` in content/articles/);
 * its link to a page of the site is one of `links` (pages of the real site unless given).
 */
export function syntheticArticle(i: number, links?: string[]): string;
