/** A count and its noun, `1 page` or `3 pages` (nouns of this program take an s). */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
