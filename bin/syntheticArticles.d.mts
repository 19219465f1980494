/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same experiment. */
export function seededRandom(seed: number): () => number;

/** The text of synthetic article number `i` (saved as `synthetic-${i}.md` in content/articles/). */
export function syntheticArticle(i: number): string;
