/** The text of synthetic article number `i` (saved as `synthetic-${i}.md` in content/articles/). */
export function syntheticArticle(i: number): string;
